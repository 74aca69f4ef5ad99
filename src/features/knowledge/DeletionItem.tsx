import { Anchor, Button, Collapse, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadgeWithTooltip } from '../../components';
import { useFormat, useT, type Translate } from '../../i18n';
import { CHECK_DETAIL } from '../../removal-engine/single/confirm';
import { useDeletionRuntime } from './deletion/hooks';
import { deletionKey } from '../../removal-engine/single/tracker';
import { isActive, isRetryable, type DeletionAttempt, type TrackedDeletion } from '../../removal-engine/single/machine';
import { STATE_VIEW, lastError } from './deletion/view';
import { paths } from '../../config/paths';
import { DeletionProbe } from './DeletionProbe';

function checkDetail(t: Translate, detail: string | undefined): string | undefined {
  if (detail === undefined) return undefined;
  if (detail === CHECK_DETAIL.baseInfoNotFound) return t('knowledge.history.baseInfoGone');
  const total = new RegExp(`^${CHECK_DETAIL.totalFiles}:(\\d+)$`).exec(detail);
  if (total) return t('knowledge.history.totalFiles', { count: total[1]! });
  return detail;
}

function AttemptEntry({ attempt, index }: { attempt: DeletionAttempt; index: number }) {
  const t = useT();
  const { formatDateTime, formatTime: clock } = useFormat();
  const answer =
    attempt.outcome === 'accepted'
      ? t('knowledge.history.accepted')
      : attempt.outcome === 'error'
        ? t('knowledge.history.error', {
            status: attempt.error?.status ?? '—',
            message: attempt.error?.message ?? t('knowledge.deletion.unknownError'),
          })
        : attempt.outcome === 'interrupted'
          ? t('knowledge.history.interrupted')
          : attempt.outcome === 'no_answer'
            ? t('knowledge.history.noAnswer', { message: attempt.error?.message ?? '' })
            : attempt.outcome === 'deferred'
              ? t('knowledge.history.deferred', { status: attempt.error?.status ?? '—' })
              : t('knowledge.history.inFlight');
  return (
    <List.Item>
      <Text size="sm">
        {t('knowledge.history.attempt', { n: index + 1, when: formatDateTime(attempt.startedAt) })} — <b>{answer}</b>
      </Text>
      {attempt.checks.length > 0 ? (
        <List size="sm" withPadding spacing={0}>
          {attempt.checks.map((c, i) => {
            const detail = checkDetail(t, c.detail);
            return (
              <List.Item key={i}>
                <Text size="xs" c="dimmed" span>
                  {t('knowledge.history.check', { when: clock(c.at) })}{' '}
                </Text>
                <Text size="xs" span fw={500}>
                  {t(`knowledge.history.result.${c.result}`)}
                </Text>
                {detail ? (
                  <Text size="xs" c="dimmed" span>
                    {' '}
                    ({detail})
                  </Text>
                ) : null}
              </List.Item>
            );
          })}
        </List>
      ) : null}
    </List.Item>
  );
}

/** One tracked deletion: the document, its state in words, what to do next, and every attempt and check. */
export function DeletionItem({
  deletion: d,
  knowledgeLabel,
}: {
  deletion: TrackedDeletion;
  knowledgeLabel?: string | null;
}) {
  const t = useT();
  const { tracker, probes } = useDeletionRuntime();
  const { formatTime: clock } = useFormat();
  const [open, setOpen] = useState(false);
  const view = STATE_VIEW[d.state];
  const key = deletionKey(d);
  const error = d.state === 'failed' || d.state === 'unknown' ? lastError(d) : undefined;
  const historyId = `deletion-history-${d.knowledgeId}-${d.documentId}`;

  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      data-testid="deletion-item"
      data-document-id={d.documentId}
      data-state={d.state}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Anchor
              component={Link}
              to={paths.document.href(d.documentId)}
              fw={600}
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {d.documentName ?? t('knowledge.deletion.unnamedDocument')}
            </Anchor>
            <Text size="xs" c="dimmed" ff="monospace">
              {d.documentId}
            </Text>
            {knowledgeLabel !== undefined ? (
              <Text size="xs" c="dimmed">
                {t('knowledge.deletion.inKnowledge')}{' '}
                <Anchor component={Link} to={paths.knowledgeBase.href(d.knowledgeId)} size="xs">
                  {knowledgeLabel ? `${knowledgeLabel} (${d.knowledgeId})` : d.knowledgeId}
                </Anchor>
              </Text>
            ) : null}
          </div>
          <Group gap="xs">
            <span data-testid="deletion-state">
              <StatusBadgeWithTooltip tone={view.tone} tooltip={t(view.tooltip)}>
                {t(view.label)}
              </StatusBadgeWithTooltip>
            </span>
            {isRetryable(d) ? (
              <Button size="compact-xs" variant="light" onClick={() => tracker.retry(key)}>
                {t('common.retry')}
              </Button>
            ) : null}
            {!isActive(d) ? (
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                onClick={() => {
                  tracker.dismiss(key);
                  probes.forget(key);
                }}
              >
                {t('knowledge.deletion.dismiss')}
              </Button>
            ) : null}
          </Group>
        </Group>
        {(d.state === 'pending' || d.state === 'unknown') && d.nextCheckAt !== undefined ? (
          <Text size="xs" c="dimmed" data-testid="next-check">
            {t('knowledge.deletion.nextCheck', { when: clock(d.nextCheckAt) })}
          </Text>
        ) : null}
        <DeletionProbe deletion={d} />
        {d.state === 'not_deleted' ? (
          <Text size="xs" c="red">
            {t('knowledge.deletion.notDeletedExplain', { count: d.attempts.length - d.roundStart })}
          </Text>
        ) : null}
        {error ? (
          <Text size="sm" c="red" data-testid="deletion-error">
            {error.message}
            {error.status !== undefined ? (
              <Text span size="xs" c="dimmed">
                {' '}
                {t('knowledge.deletion.errorStatus', { status: String(error.status), code: String(error.code ?? '—') })}
              </Text>
            ) : null}
          </Text>
        ) : null}
        <div>
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={historyId}
          >
            {t(open ? 'knowledge.history.hide' : 'knowledge.history.show', {
              requests: t('knowledge.history.requests', { count: d.attempts.length }),
            })}
          </Anchor>
          <Collapse expanded={open} id={historyId}>
            <List size="sm" mt={4} spacing={4} listStyleType="none">
              {d.attempts.map((a, i) => (
                <AttemptEntry key={i} attempt={a} index={i} />
              ))}
            </List>
          </Collapse>
        </div>
      </Stack>
    </Paper>
  );
}
