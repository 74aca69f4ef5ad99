import { Anchor, Button, Collapse, Group, List, Stack, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { StatusBadgeWithTooltip, type StatusTone } from '../../components';
import { useFormat, useT, type MessageKey } from '../../i18n';
import { roundProbes, type ProbeRun, type ProbeStage } from '../../removal-engine/probe';
import type { TrackedDeletion } from '../../removal-engine/single/machine';
import { deletionKey } from '../../removal-engine/single/tracker';
import { useDeletionRuntime } from './deletion/hooks';
import { loadProbeEvidence, useProbeEvidence } from './use-probe-evidence';

const TONE: Record<ProbeStage, StatusTone> = {
  control: 'info',
  control_failed: 'unknown',
  not_checkable: 'unknown',
  awaiting_read: 'info',
  probing: 'info',
  not_retrieved: 'ok',
  still_in_answers: 'error',
  probe_failed: 'error',
  cant_tell: 'warning',
};

const AGAIN: ReadonlySet<ProbeStage> = new Set<ProbeStage>([
  'still_in_answers',
  'probe_failed',
  'cant_tell',
  'not_retrieved',
]);

const preloadEvidence = () => void loadProbeEvidence().catch(() => undefined);

function label(t: ReturnType<typeof useT>, run: ProbeRun, clock: (at: number) => string): string {
  if (run.stage === 'probing')
    return t('knowledge.gone.stage.probing', {
      n: roundProbes(run).length + 1,
      when: clock(run.nextProbeAt ?? Date.now()),
    });
  if (run.stage === 'not_retrieved') return t('knowledge.gone.stage.not_retrieved', { count: roundProbes(run).length });
  return t(`knowledge.gone.stage.${run.stage}` as MessageKey);
}

/**
 * Whether a deleted document is gone from answers: the probes' stage (pending → deleted by the read → not retrieved
 * in N probes / still in answers), "Probe again", the tokens they cost, and their evidence (which read, which probe,
 * which field, the space and the time).
 */
export function DeletionProbe({ deletion: d }: { deletion: TrackedDeletion }) {
  const t = useT();
  const { formatTime: clock, formatNumber } = useFormat();
  const { probes } = useDeletionRuntime();
  const runs = useSyncExternalStore(probes.subscribe, probes.getSnapshot, probes.getSnapshot);
  const key = deletionKey(d);
  const run = runs.get(key);
  const [open, setOpen] = useState(false);
  // The evidence's wording loads when the disclosure first opens (a knowledge page's first visit does without it).
  const evidence = useProbeEvidence(open);
  if (!run) {
    if (d.state !== 'deleted') return null;
    return (
      <Group gap="xs" data-testid="deletion-probe" data-stage="none">
        <StatusBadgeWithTooltip tone="unknown" tooltip={t('knowledge.gone.stage.none.tooltip')}>
          {t('knowledge.gone.stage.none')}
        </StatusBadgeWithTooltip>
      </Group>
    );
  }
  // Before the read, the deletion's own badge says where it is; a failed or empty control is said at once.
  if (run.stage === 'awaiting_read' && d.state !== 'deleted' && d.state !== 'pending') return null;
  const evidenceId = `deletion-probe-evidence-${d.knowledgeId}-${d.documentId}`;
  const tooltip =
    run.stage === 'not_checkable' ? t('knowledge.gone.stage.not_checkable.tooltip') : t('knowledge.gone.spaceHint');
  const lines = open && evidence ? evidence.deletionEvidenceLines(run, (at) => clock(at), t) : [];
  return (
    <Stack gap={4} data-testid="deletion-probe" data-stage={run.stage}>
      <Group gap="xs">
        <span data-testid="probe-stage">
          <StatusBadgeWithTooltip tone={TONE[run.stage]} tooltip={tooltip}>
            {label(t, run, clock)}
          </StatusBadgeWithTooltip>
        </span>
        {AGAIN.has(run.stage) ? (
          <Button size="compact-xs" variant="light" onClick={() => probes.probeAgain(key)}>
            {t('knowledge.gone.probeAgain')}
          </Button>
        ) : null}
        <Text size="xs" c="dimmed" data-testid="probe-tokens">
          {t('knowledge.gone.tokens', { tokens: formatNumber(run.tokens) })}
        </Text>
      </Group>
      <div>
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => setOpen((o) => !o)}
          // Fetched on the way to the click, so the list is there as the disclosure opens.
          onPointerEnter={preloadEvidence}
          onFocus={preloadEvidence}
          aria-expanded={open}
          aria-controls={evidenceId}
        >
          {t(open ? 'knowledge.gone.evidence.hide' : 'knowledge.gone.evidence.show')}
        </Anchor>
        <Collapse expanded={open} id={evidenceId}>
          <List size="xs" mt={4} spacing={2} data-testid="probe-evidence">
            {lines.map((line, i) => (
              <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                {line}
              </List.Item>
            ))}
          </List>
        </Collapse>
      </div>
    </Stack>
  );
}
