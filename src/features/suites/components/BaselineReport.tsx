import { Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import {
  type BaselineCase,
  type BaselineRow,
  type DeltaName,
  type MetricDelta,
  DEFAULT_VARIANT_ID,
} from '../../../suite-engine';
import { useFormat, useT, type MessageKey } from '../../../i18n';
import type { BaselineView } from '../model/baseline-view';
import { CaseStatusBadge } from './CaseStatusBadge';

const DELTAS: { name: DeltaName; label: MessageKey; unit: 'rate' | 'ms' | 'number'; higherIsBetter: boolean }[] = [
  { name: 'pass_rate', label: 'suites.run.passRate', unit: 'rate', higherIsBetter: true },
  { name: 'hit_rate', label: 'suites.run.hitRate', unit: 'rate', higherIsBetter: true },
  { name: 'mrr', label: 'suites.run.mrr', unit: 'number', higherIsBetter: true },
  { name: 'median_latency_ms', label: 'suites.run.medianLatency', unit: 'ms', higherIsBetter: false },
  { name: 'p95_latency_ms', label: 'suites.run.p95Latency', unit: 'ms', higherIsBetter: false },
  { name: 'total_tokens', label: 'suites.run.totalTokens', unit: 'number', higherIsBetter: false },
];

/**
 * B against A as its baseline: the overall deltas, then regressions, improvements, edited (the case changed between
 * the runs: not a flip of the service), unchanged, and the cases on one side only.
 */
export function BaselineReport({ view, a, b }: { view: BaselineView; a: string; b: string }) {
  const t = useT();
  const { formatNumber } = useFormat();
  const show = (v: number | null, unit: string, signed = false) => {
    if (v === null) return '–';
    const n = unit === 'rate' ? Math.round(v * 1000) / 10 : unit === 'ms' ? Math.round(v) : Number(v.toFixed(2));
    const text = `${formatNumber(Math.abs(n))}${unit === 'rate' ? (signed ? ' pt' : '%') : unit === 'ms' ? ' ms' : ''}`;
    return signed ? `${n > 0 ? '+' : n < 0 ? '−' : '±'}${text}` : `${n < 0 ? '−' : ''}${text}`;
  };
  const tone = (d: MetricDelta, better: boolean) => (!d.delta ? undefined : d.delta > 0 === better ? 'teal' : 'red');
  return (
    <Paper withBorder p="sm" component="section" data-testid="baseline-report">
      <Title order={2} size="h5" mb="xs">
        {t('suites.baseline.title', { a, b })}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" mb="md" data-testid="baseline-deltas">
        {DELTAS.map(({ name, label, unit, higherIsBetter }) => {
          const d = view.deltas[name];
          return (
            <div key={name} data-testid={`delta-${name}`}>
              <Text size="xs" c="dimmed">
                {t(label)}
              </Text>
              <Text fw={600} c={tone(d, higherIsBetter)}>
                {show(d.delta, unit, true)}
              </Text>
              <Text size="xs" c="dimmed">
                {show(d.baseline, unit)} → {show(d.current, unit)}
              </Text>
            </div>
          );
        })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RowList
          title={t('suites.baseline.regressions', { count: view.regressions.length })}
          rows={view.regressions}
          testId="regressions"
        />
        <RowList
          title={t('suites.baseline.improvements', { count: view.improvements.length })}
          rows={view.improvements}
          testId="improvements"
        />
        <RowList
          title={t('suites.baseline.edited', { count: view.edited.length })}
          hint={t('suites.baseline.editedHint')}
          rows={view.edited}
          testId="edited"
        />
        <RowList
          title={t('suites.baseline.unchanged', { count: view.unchanged.length })}
          rows={view.unchanged}
          testId="unchanged"
          compact
        />
        {view.onlyBaseline.length + view.onlyCurrent.length > 0 ? (
          <Missing a={a} b={b} onlyA={view.onlyBaseline} onlyB={view.onlyCurrent} />
        ) : null}
      </SimpleGrid>
    </Paper>
  );
}

const nameOf = (r: { caseId: string; variantId: string }) =>
  r.variantId && r.variantId !== DEFAULT_VARIANT_ID ? `${r.caseId} [${r.variantId}]` : r.caseId;

function RowList(props: { title: string; hint?: string; rows: BaselineRow[]; testId: string; compact?: boolean }) {
  const t = useT();
  const { title, hint, rows, testId, compact } = props;
  return (
    <div data-testid={testId}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('suites.baseline.none')}
        </Text>
      ) : compact ? (
        <Text size="sm" ff="monospace">
          {rows.map(nameOf).join(', ')}
        </Text>
      ) : (
        <Table verticalSpacing={2}>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.caseId}\u0000${r.variantId}`} data-testid="baseline-row" data-case={r.caseId}>
                <Table.Td ff="monospace">{nameOf(r)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <CaseStatusBadge status={r.baseline} />→<CaseStatusBadge status={r.current} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

/** Cases on one side only: new, removed, or outside a re-run. Listed apart, never as flips. */
function Missing({ a, b, onlyA, onlyB }: { a: string; b: string; onlyA: BaselineCase[]; onlyB: BaselineCase[] }) {
  const t = useT();
  return (
    <div data-testid="missing">
      <Title order={3} size="h6">
        {t('suites.baseline.missing', { count: onlyA.length + onlyB.length })}
      </Title>
      {onlyA.length ? (
        <Text size="sm">
          {t('suites.compare.onlyIn', { side: a })}:{' '}
          <Text span ff="monospace">
            {onlyA.map(nameOf).join(', ')}
          </Text>
        </Text>
      ) : null}
      {onlyB.length ? (
        <Text size="sm">
          {t('suites.compare.onlyIn', { side: b })}:{' '}
          <Text span ff="monospace">
            {onlyB.map(nameOf).join(', ')}
          </Text>
        </Text>
      ) : null}
    </div>
  );
}
