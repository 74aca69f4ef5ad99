import { Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { EmptyState, PageHeader } from '../../components';
import { useT } from '../../i18n';

/** Placeholder until the playground pages land: says honestly what will be here, and shows a deep link's id. */
export default function PlaygroundPage() {
  const t = useT();
  const { spaceId: id } = useParams();
  return (
    <>
      <PageHeader title={t('playground.title')} />
      <EmptyState title={t('common.comingSoon')} description={t('playground.comingSoon')}>
        {id ? (
          <Text size="sm" data-testid="requested-id">
            {t('playground.requestedId', { id })}
          </Text>
        ) : null}
      </EmptyState>
    </>
  );
}
