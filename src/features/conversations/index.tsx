import { Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { EmptyState, PageHeader } from '../../components';
import { useT } from '../../i18n';

/** Placeholder until the conversations pages land: says honestly what will be here, and shows a deep link's id. */
export default function ConversationsPage() {
  const t = useT();
  const { id } = useParams();
  return (
    <>
      <PageHeader title={t('conversations.title')} />
      <EmptyState title={t('common.comingSoon')} description={t('conversations.comingSoon')}>
        {id ? (
          <Text size="sm" data-testid="requested-id">
            {t('conversations.requestedId', { id })}
          </Text>
        ) : null}
      </EmptyState>
    </>
  );
}
