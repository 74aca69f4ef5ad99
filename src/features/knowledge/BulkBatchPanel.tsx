import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { keptDbErrorOf } from '../../lib';
import { StatusBadge, storageErrorKey } from '../../components';
import { useFormat, useT } from '../../i18n';
import { countPhases, isFinished, type Batch } from '../../removal-engine/batch/batch';
import { timeLeftMs } from '../../removal-engine/batch/scheduler';
import { COUNTED_PHASES, PHASE_VIEW, PROGRESS_PHASES, SHOWN_WHEN_ANY, STATUS_VIEW } from './bulk/view';
import { BatchHold } from './BatchHold';
import { StorageProblem } from './StorageProblem';
import { BulkProbeSummary } from './BulkProbeSummary';
import { BulkReport } from './BulkReport';
import classes from './BulkRemoval.module.css';
import { useDeletionRuntime } from './deletion/hooks';

/** "about 2 min", "about 40 s". */
function useDuration() {
  const t = useT();
  return (ms: number) => {
    const s = Math.max(1, Math.round(ms / 1000));
    return s < 90
      ? t('knowledge.bulk.duration.seconds', { count: s })
      : t('knowledge.bulk.duration.minutes', { count: Math.round(s / 60) });
  };
}

/** One bulk removal on the knowledge base page: progress per state, time left, Pause/Resume/Stop, and its report. */
export function BulkBatchPanel({
  batch,
  arriving = false,
  onArrived,
}: {
  batch: Batch;
  /** Just started from the dialog: scroll it into view and focus it (the dialog's button went away with it). */
  arriving?: boolean;
  onArrived?(): void;
}) {
  const t = useT();
  const { formatDateTime } = useFormat();
  const duration = useDuration();
  const { batches } = useDeletionRuntime();
  const counts = countPhases(batch.rows);
  const finished = isFinished(batch);
  const here = batches.runsHere(batch.id);
  const asked = here ? undefined : batches.requestedHere(batch.id);
  const work = batch.rows.length - counts.left_out - counts.not_sent;
  const settled = counts.deleted + counts.not_deleted + counts.failed;
  const left = timeLeftMs(batch, counts);
  const [askedStop, setConfirmStop] = useState(false);
  const [dismissError, setDismissError] = useState<string | null>(null);
  const confirmStop = askedStop && !finished;
  const status = STATUS_VIEW[batch.status];
  const titleId = `bulk-batch-title-${batch.id}`;
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const panel = panelRef.current;
    if (!arriving || !panel) return;
    // Instant, not smooth: a smooth scroll is cut short by the page settling after the dialog's scroll lock.
    panel.scrollIntoView({ block: 'start' });
    panel.focus({ preventScroll: true });
    onArrived?.();
  }, [arriving, onArrived]);

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      ref={panelRef}
      tabIndex={-1}
      className={classes.focusTarget}
      aria-labelledby={titleId}
      data-testid="bulk-batch"
      data-batch-id={batch.id}
      data-status={batch.status}
      data-runs-here={here ? 'true' : 'false'}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={3} size="h5" id={titleId}>
              {t('knowledge.bulk.batch.title', { count: batch.rows.length })}
            </Title>
            <Text size="xs" c="dimmed">
              {t('knowledge.bulk.batch.meta', {
                started: formatDateTime(batch.createdAt),
                profile: batch.profileName,
                concurrency: batch.concurrency,
              })}
              {batch.endedAt !== undefined
                ? ` · ${t('knowledge.bulk.batch.ended', { when: formatDateTime(batch.endedAt) })}`
                : ''}
            </Text>
          </div>
          <Group gap="xs">
            {batch.unsaved ? (
              <Badge variant="outline" color="red" data-testid="bulk-unsaved">
                {t('knowledge.bulk.storage.unsaved')}
              </Badge>
            ) : null}
            {!finished && !here ? (
              <Badge variant="outline" color="gray" data-testid="bulk-elsewhere">
                {t('knowledge.bulk.batch.elsewhere')}
              </Badge>
            ) : null}
            {asked ? (
              <Text size="xs" component="output" data-testid="bulk-requested" data-command={asked}>
                {t(`knowledge.bulk.batch.requested.${asked}`)}
              </Text>
            ) : null}
            <span data-testid="bulk-status">
              <StatusBadge tone={status.tone}>{t(status.label)}</StatusBadge>
            </span>
          </Group>
        </Group>

        {batch.storageError ? <StorageProblem batch={batch} /> : null}

        <Progress.Root size="lg" aria-label={t('knowledge.bulk.batch.progress')}>
          {PROGRESS_PHASES.map((p) =>
            counts[p] > 0 ? (
              <Progress.Section
                key={p}
                value={(counts[p] / Math.max(1, work)) * 100}
                color={PHASE_VIEW[p].color}
                striped={p === 'pending' || p === 'unknown'}
                title={`${t(PHASE_VIEW[p].label)}: ${counts[p]}`}
              />
            ) : null,
          )}
        </Progress.Root>

        <Group gap="md" wrap="wrap" data-testid="bulk-counts">
          {COUNTED_PHASES.map((p) =>
            SHOWN_WHEN_ANY.has(p) ? (
              counts[p] > 0 ? (
                <Count key={p} phase={p} value={counts[p]} />
              ) : null
            ) : (
              <Count key={p} phase={p} value={counts[p]} />
            ),
          )}
        </Group>

        <BulkProbeSummary batch={batch} />

        {batch.hold && !finished ? <BatchHold hold={batch.hold} /> : null}

        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" data-testid="bulk-time-left">
            {finished
              ? t('knowledge.bulk.batch.settled', { settled, total: work })
              : batch.status === 'paused'
                ? t('knowledge.bulk.batch.pausedHint')
                : left === undefined
                  ? t('knowledge.bulk.batch.estimating')
                  : t('knowledge.bulk.batch.timeLeft', { time: duration(left) })}
          </Text>
          {!finished ? (
            <Group gap="xs">
              {batch.status === 'paused' ? (
                <Button size="xs" onClick={() => batches.command(batch.id, 'resume')}>
                  {t('knowledge.bulk.batch.resume')}
                </Button>
              ) : batch.status === 'running' ? (
                <Button size="xs" variant="default" onClick={() => batches.command(batch.id, 'pause')}>
                  {t('knowledge.bulk.batch.pause')}
                </Button>
              ) : null}
              {batch.status !== 'stopped' ? (
                confirmStop ? (
                  <Group gap={4}>
                    <Text size="xs">{t('knowledge.bulk.batch.stopConfirm')}</Text>
                    <Button
                      size="xs"
                      color="red"
                      onClick={() => {
                        batches.command(batch.id, 'stop');
                        setConfirmStop(false);
                      }}
                    >
                      {t('knowledge.bulk.batch.stop')}
                    </Button>
                    <Button size="xs" variant="subtle" onClick={() => setConfirmStop(false)}>
                      {t('common.cancel')}
                    </Button>
                  </Group>
                ) : (
                  <Button size="xs" variant="light" color="red" onClick={() => setConfirmStop(true)}>
                    {t('knowledge.bulk.batch.stop')}…
                  </Button>
                )
              ) : null}
            </Group>
          ) : (
            <Group gap="xs">
              {dismissError ? (
                <Text size="xs" c="red" role="alert">
                  {t('knowledge.bulk.storage.dismissFailed', { reason: dismissError })}
                </Text>
              ) : null}
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                onClick={() => {
                  setDismissError(null);
                  batches
                    .remove(batch.id)
                    .catch((error: unknown) => setDismissError(t(storageErrorKey(keptDbErrorOf(error).kind))));
                }}
              >
                {t('knowledge.deletion.dismiss')}
              </Button>
            </Group>
          )}
        </Group>

        <BulkReport
          batch={batch}
          counts={counts}
          onRetry={finished ? () => batches.command(batch.id, 'retry_not_deleted') : undefined}
        />
      </Stack>
    </Paper>
  );
}

/** Mantine's colour as a CSS variable: "gray.4" is a shade, "teal" the filled colour. */
const swatch = (color: string) =>
  color.includes('.') ? `var(--mantine-color-${color.replace('.', '-')})` : `var(--mantine-color-${color}-filled)`;

function Count({ phase, value }: { phase: keyof typeof PHASE_VIEW; value: number }) {
  const t = useT();
  const { formatNumber } = useFormat();
  return (
    <Group gap={6} data-testid={`bulk-count-${phase}`} data-count={value}>
      <span
        aria-hidden="true"
        style={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          background: swatch(PHASE_VIEW[phase].color),
          display: 'inline-block',
        }}
      />
      <Text size="sm">
        {t(PHASE_VIEW[phase].label)}{' '}
        <Text span fw={700}>
          {formatNumber(value)}
        </Text>
      </Text>
    </Group>
  );
}
