import { Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { EmptyState, PageHeader } from '../../components';
import { useT } from '../../i18n';

/** Placeholder until the knowledge pages land: says honestly what will be here, and shows a deep link's id. */
export default function KnowledgePage() {
  const t = useT();
  const { id } = useParams();
  return (
    <>
      <PageHeader title={t('knowledge.title')} />
      <EmptyState title={t('common.comingSoon')} description={t('knowledge.comingSoon')}>
        {id ? (
          <Text size="sm" data-testid="requested-id">
            {t('knowledge.requestedId', { id })}
          </Text>
        ) : null}
      </EmptyState>
    </>
  );
}
