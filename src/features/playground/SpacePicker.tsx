import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { IdLookup, PageHeader } from '../../components';
import { useT } from '../../i18n';
import { paths } from '../../config/paths';

/** /playground: choose the space to try (there is no list of spaces in the service). */
export function SpacePicker() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('playground.title')} description={t('playground.pick.description')} />
      <Paper withBorder radius="md" p="md" maw="40rem">
        <IdLookup
          kind="space"
          label={t('playground.pick.label')}
          onOpen={(id) => navigate(paths.playgroundSpace.href(id))}
          pathOf={paths.playgroundSpace.href}
        />
      </Paper>
    </>
  );
}
