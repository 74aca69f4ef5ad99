import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { ErrorState, UnreadableKeptRows } from '../../components';
import { useT } from '../../i18n';
import { useBatchLoadIssue, useBatches, useDeletionRuntime } from './deletion/hooks';

// Each loads when first needed: the dialog (its focus trap, scroll lock, file and number inputs) on opening,
// the batch panel (its virtualised report) when this knowledge base has a batch. Most visits need neither.
const loadModal = () => import('./BulkRemovalModal');
const BulkRemovalModal = lazy(() => loadModal().then((m) => ({ default: m.BulkRemovalModal })));
const BulkBatchPanel = lazy(() => import('./BulkBatchPanel').then((m) => ({ default: m.BulkBatchPanel })));

export interface BulkRemovalProps {
  profileId: string;
  profileName: string;
  knowledgeId: string;
  knowledgeName?: string;
  /** The knowledge base's dataset, from its read: a document's base info naming a dataset is compared with it. */
  datasetId?: string;
  /** Explicitly false: the action is disabled (the single-deletion form says why). */
  canDelete: boolean | undefined;
}

/** "Remove many documents" on a knowledge base page, and this knowledge base's batches (running and finished). */
export function BulkRemoval({
  profileId,
  profileName,
  knowledgeId,
  knowledgeName,
  datasetId,
  canDelete,
}: BulkRemovalProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const batches = useBatches().filter((b) => b.profileId === profileId && b.knowledgeId === knowledgeId);
  const runtime = useDeletionRuntime();
  // A failed read of the saved batches is shown, never read as "no batch".
  const issue = useBatchLoadIssue();
  const loadIssue = issue?.profileId === profileId ? issue : null;
  // The batch just started: its panel scrolls into view and takes focus once it is there.
  const [arriving, setArriving] = useState<string | null>(null);

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bulk-removal-title">
        <Stack gap="xs" align="flex-start">
          <Title order={2} size="h4" id="bulk-removal-title">
            {t('knowledge.bulk.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('knowledge.bulk.explain')}
          </Text>
          <Button
            ref={openerRef}
            variant="light"
            color="red"
            disabled={canDelete === false}
            onClick={() => setOpen(true)}
            // Pointed at or focused: fetch the dialog's code now, so it opens at once.
            onPointerEnter={() => void loadModal()}
            onFocus={() => void loadModal()}
          >
            {t('knowledge.bulk.open')}
          </Button>
        </Stack>
      </Paper>
      <Stack gap="sm">
        {loadIssue?.error ? (
          <ErrorState
            error={loadIssue.error}
            title={t('knowledge.bulk.storage.loadFailed')}
            onRetry={() => runtime.loadBatches()}
          />
        ) : null}
        {loadIssue ? <UnreadableKeptRows count={loadIssue.unreadable} onRetry={() => runtime.loadBatches()} /> : null}
        {batches.length > 0 ? (
          <Suspense fallback={null}>
            {batches.map((b) => (
              <BulkBatchPanel key={b.id} batch={b} arriving={b.id === arriving} onArrived={() => setArriving(null)} />
            ))}
          </Suspense>
        ) : null}
      </Stack>
      {open ? (
        <Suspense fallback={null}>
          <BulkRemovalModal
            profileId={profileId}
            profileName={profileName}
            knowledgeId={knowledgeId}
            knowledgeName={knowledgeName}
            datasetId={datasetId}
            onClose={() => {
              setOpen(false);
              openerRef.current?.focus();
            }}
            onStarted={(batchId) => {
              setOpen(false);
              setArriving(batchId);
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
