import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { catalogStore, useConnection } from '../../lib';
import { type ApiResult } from '../../api';
import { CopyButton, PageHeader } from '../../components';
import type { Conversation } from '../../contract';
import { useFormat, useT } from '../../i18n';
import { ConversationRecordView } from './ConversationRecordView';
import { DeleteConversation } from './DeleteConversation';
import { baselineFrom, baselineFromRecord, type Baseline } from './form-model';
import { UpdateConversationForm } from './UpdateConversationForm';
import { paths } from '../../config/paths';

interface Outcome {
  action: 'updated' | 'deleted';
  result: ApiResult<Conversation>;
  at: number;
}

/**
 * One conversation. The service has no read operation, so the page starts from the last record the
 * console saw (the id catalog keeps it) and says plainly which fields it does not know.
 */
export function ConversationPage({ id }: { id: string }) {
  const t = useT();
  const { formatDateTime } = useFormat();
  const { active } = useConnection();
  // Read once: a record arriving later (our own save) must not reset the form under the admin's hands.
  const [entry] = useState(() => (active ? catalogStore.get(active.id, 'conversation', id) : undefined));
  const [baseline, setBaseline] = useState<Baseline>(() => baselineFrom(entry?.lastRecord));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [formKey, setFormKey] = useState(0);
  // There is no read operation, so opening the page is how the id is met: remember it (after the pre-fill above).
  const profileId = active?.id;
  useEffect(() => {
    if (profileId) catalogStore.remember(profileId, [{ kind: 'conversation', id }]);
  }, [profileId, id]);
  const title = outcome?.result.record.title || baseline.values.title || entry?.label;
  // Deleted here, now or before a reload (the catalog keeps the deletion): nothing more may be sent for it.
  const deletedAt =
    outcome?.action === 'deleted' ? outcome.at : entry?.status?.state === 'deleted' ? entry.status.at : undefined;
  const kept = entry?.lastRecord as { status?: unknown } | undefined;
  const deletedStatus: unknown = outcome?.action === 'deleted' ? outcome.result.record.status : kept?.status;

  return (
    <>
      <Anchor component={Link} to={paths.conversations.href()} size="sm" mb="xs" display="inline-block">
        ← {t('conversations.back')}
      </Anchor>
      <PageHeader
        title={title ? title : t('conversations.detailTitle')}
        description={
          <Group gap={4} component="span" wrap="nowrap">
            <Text span size="sm" ff="monospace" data-testid="conversation-id">
              {id}
            </Text>
            <CopyButton value={id} label={t('conversations.field.conversation_id')} size="xs" />
          </Group>
        }
      />
      <Stack gap="md">
        {deletedAt !== undefined ? (
          <Alert color="gray" variant="light" title={t('conversations.deletedHere.title')} data-testid="deleted-here">
            {t('conversations.deletedHere.body', {
              when: formatDateTime(deletedAt),
              status:
                typeof deletedStatus !== 'number'
                  ? ''
                  : t('conversations.deletedHere.status', { status: String(deletedStatus) }),
            })}
          </Alert>
        ) : null}
        {baseline.seen ? (
          <Alert color="blue" variant="light" data-testid="prefill-note">
            {entry && !outcome
              ? t('conversations.prefill.seen', { when: formatDateTime(entry.lastSeenAt) })
              : t('conversations.prefill.afterSave')}
          </Alert>
        ) : (
          <Alert color="yellow" variant="light" data-testid="prefill-note">
            {t('conversations.prefill.never')}
          </Alert>
        )}
        {outcome ? (
          <ConversationRecordView
            record={outcome.result.record}
            raw={outcome.result.raw}
            drift={outcome.result.drift}
            title={outcome.action === 'updated' ? t('conversations.result.updated') : t('conversations.result.deleted')}
            tone={outcome.action === 'deleted' ? 'danger' : 'success'}
            testId="conversation-result"
          />
        ) : null}
        <UpdateConversationForm
          key={formKey}
          conversationId={id}
          baseline={baseline}
          readOnly={deletedAt !== undefined}
          onSaved={(result, next) => {
            setBaseline(next);
            setOutcome({ action: 'updated', result, at: Date.now() });
          }}
        />
        {deletedAt !== undefined ? null : (
          <DeleteConversation
            conversationId={id}
            onDeleted={(result) => {
              // The deleted record (status 0 on the sandbox) becomes what the form starts from.
              setBaseline(baselineFromRecord(result.record));
              setFormKey((k) => k + 1);
              setOutcome({ action: 'deleted', result, at: Date.now() });
            }}
          />
        )}
      </Stack>
    </>
  );
}
