import { Text } from '@mantine/core';
import { useFormat, useT } from '../../i18n';
import { isFinished, type Batch } from '../../removal-engine/batch/batch';
import { probeTokensOf } from '../../removal-engine/batch/report';
import type { ProbeStage } from '../../removal-engine/probe/state';

/** Stages after which a sampled row's probes have nothing more to do (a verdict, or none to be had). */
const DONE = new Set<ProbeStage>([
  'not_retrieved',
  'still_in_answers',
  'probe_failed',
  'cant_tell',
  'not_checkable',
  'control_failed',
]);

/**
 * A batch's "gone from answers" in one line: the space, how many sampled documents have their verdict, and the
 * tokens the probes used (each probe is a billed completion); before the first DELETE, that the controls are asked.
 */
export function BulkProbeSummary({ batch }: { batch: Batch }) {
  const t = useT();
  const { formatNumber } = useFormat();
  if (!batch.probeTarget) return null;
  let sampled = 0;
  let done = 0;
  let controlling = false;
  let sent = false;
  for (const row of batch.rows) {
    if (row?.deletion) sent = true;
    if (!row?.sampled) continue;
    sampled++;
    if (row.probe && DONE.has(row.probe.stage)) done++;
    if (!row.probe || row.probe.stage === 'control') controlling = true;
  }
  const tokens = probeTokensOf(batch);
  return (
    <Text size="sm" component="output" display="block" data-testid="bulk-probe-summary" data-tokens={tokens}>
      {t('knowledge.bulk.probe.summary', {
        space: batch.probeTarget.spaceId,
        done: formatNumber(done),
        sampled: formatNumber(sampled),
        tokens: formatNumber(tokens),
      })}
      {controlling && !sent && !isFinished(batch) ? ` · ${t('knowledge.bulk.probe.controlling')}` : ''}
    </Text>
  );
}
