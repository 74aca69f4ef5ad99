import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useT } from '../../i18n';
import { BulkBatchPanel } from './BulkBatchPanel';
import { BulkRemovalModal } from './BulkRemovalModal';
import { useBatches } from './deletion/hooks';

export interface BulkRemovalProps {
  profileId: string;
  profileName: string;
  knowledgeId: string;
  knowledgeName?: string;
  /** Explicitly false: the action is disabled (the single-deletion form says why). */
  canDelete: boolean | undefined;
}

/** "Remove many documents" on a knowledge base page, and this knowledge base's batches (running and finished). */
export function BulkRemoval({ profileId, profileName, knowledgeId, knowledgeName, canDelete }: BulkRemovalProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const batches = useBatches().filter((b) => b.profileId === profileId && b.knowledgeId === knowledgeId);
  const listRef = useRef<HTMLDivElement>(null);

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
          >
            {t('knowledge.bulk.open')}
          </Button>
        </Stack>
      </Paper>
      <Stack gap="sm" ref={listRef}>
        {batches.map((b) => (
          <BulkBatchPanel key={b.id} batch={b} />
        ))}
      </Stack>
      {open ? (
        <BulkRemovalModal
          profileId={profileId}
          profileName={profileName}
          knowledgeId={knowledgeId}
          knowledgeName={knowledgeName}
          onClose={() => {
            setOpen(false);
            openerRef.current?.focus();
          }}
          onStarted={() => {
            setOpen(false);
            // The new batch is the first panel: bring it into view.
            requestAnimationFrame(() => listRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
          }}
        />
      ) : null}
    </Stack>
  );
}
