import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { documentBaseQuery } from '../../api';
import { PageHeader } from '../../components';
import { useT } from '../../i18n';
import { BaseInfo } from './BaseInfo';
import { DocumentText } from './DocumentText';
import { paths } from '../../config/paths';

/** /documents/:id — base info and full text, each loading and failing independently. */
export function DocumentDetail({ id }: { id: string }) {
  const t = useT();
  // The same cached query BaseInfo reads: its name titles the page and names the download.
  const base = useQuery(documentBaseQuery(id));
  const name = base.data?.record.name || undefined;
  return (
    <Stack gap="md">
      <PageHeader
        title={name ?? t('documents.title')}
        description={
          <Text span inherit ff="monospace">
            {t('documents.idLine', { id })}
          </Text>
        }
        actions={
          <Anchor component={Link} to={paths.documents.href()} size="sm">
            ← {t('documents.backToLookup')}
          </Anchor>
        }
      />
      <BaseInfo id={id} />
      <DocumentText id={id} name={name} />
    </Stack>
  );
}
