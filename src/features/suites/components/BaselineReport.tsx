import { Badge, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { type BaselineRow, type DeltaName, type MetricDelta, DEFAULT_VARIANT_ID } from '../../../suite-engine';
import { useFormat, useT, type MessageKey } from '../../../i18n';
import { latencyMatters, type BaselineView } from '../model/baseline-view';
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
 * B against A as its baseline, by the engine's one comparison: whether the regression gate holds, the deltas over
 * the cases both ran (a figure neither side measured, such as the hit rate of a suite without relevant documents,
 * is left out), then one list per verdict — each case in exactly one.
 */
export function BaselineReport({
  view,
  a,
  b,
  judging,
}: {
  view: BaselineView;
  a: string;
  b: string;
  judging?: boolean;
}) {
  const t = useT();
  const { formatNumber } = useFormat();
  const show = (v: number | null, unit: string, signed = false) => {
    if (v === null) return '–';
    const n = unit === 'rate' ? Math.round(v * 1000) / 10 : unit === 'ms' ? Math.round(v) : Number(v.toFixed(2));
    const text = `${formatNumber(Math.abs(n))}${unit === 'rate' ? (signed ? ' pt' : '%') : unit === 'ms' ? ' ms' : ''}`;
    return signed ? `${n > 0 ? '+' : n < 0 ? '−' : '±'}${text}` : `${n < 0 ? '−' : ''}${text}`;
  };
  // A latency figure is coloured only when its change matters (latencyMatters: ≥ 100 ms and ≥ 20 %), not for jitter.
  const tone = (d: MetricDelta, better: boolean, unit: string) =>
    !d.delta || (unit === 'ms' && !latencyMatters(d.baseline, d.delta))
      ? undefined
      : d.delta > 0 === better
        ? 'teal'
        : 'red';
  const measured = DELTAS.filter(
    ({ name }) => view.deltas[name].baseline !== null || view.deltas[name].current !== null,
  );
  return (
    <Paper withBorder p="sm" component="section" data-testid="baseline-report">
      <Title order={2} size="h5" mb="xs">
        {t('suites.baseline.title', { a, b })}
      </Title>
      <Text
        size="sm"
        fw={600}
        mb={4}
        c={view.regressions.length ? 'red' : 'teal'}
        data-testid="baseline-gate"
        data-holds={view.regressions.length ? 'false' : 'true'}
      >
        {view.regressions.length
          ? t('suites.baseline.gateFails', { count: view.regressions.length })
          : t('suites.baseline.gateHolds')}
      </Text>
      {view.errors.length ? (
        <Text size="sm" c="orange" mb={4} data-testid="baseline-unjudged">
          {t('suites.baseline.unjudged', { count: view.errors.length })}
        </Text>
      ) : null}
      {judging ? (
        <Text size="xs" c="dimmed" mb={4} data-testid="baseline-judging">
          {t('suites.baseline.judging')}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" mb="xs" data-testid="baseline-compared">
        {t('suites.baseline.comparedOver', { count: view.compared })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" mb="md" data-testid="baseline-deltas">
        {measured.map(({ name, label, unit, higherIsBetter }) => {
          const d = view.deltas[name];
          return (
            <div key={name} data-testid={`delta-${name}`}>
              <Text size="xs" c="dimmed">
                {t(label)}
              </Text>
              <Text fw={600} c={tone(d, higherIsBetter, unit)}>
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
          title={t('suites.baseline.stillFailing', { count: view.stillFailing.length })}
          rows={view.stillFailing}
          testId="still-failing"
          hideEmpty
        />
        <RowList
          title={t('suites.baseline.edited', { count: view.edited.length })}
          hint={t('suites.baseline.editedHint')}
          rows={view.edited}
          testId="edited"
          hideEmpty
        />
        <RowList
          title={t('suites.baseline.errors', { count: view.errors.length })}
          hint={t('suites.baseline.errorsHint')}
          rows={view.errors}
          testId="errors"
          hideEmpty
        />
        <RowList
          title={t('suites.baseline.notRun', { count: view.notRun.length })}
          rows={view.notRun}
          testId="not-run"
          hideEmpty
        />
        {view.onlyBaseline.length + view.onlyCurrent.length > 0 ? (
          <Missing a={a} b={b} onlyA={view.onlyBaseline} onlyB={view.onlyCurrent} />
        ) : null}
        <RowList
          title={t('suites.baseline.unchanged', { count: view.unchanged.length })}
          rows={view.unchanged}
          testId="unchanged"
          compact
        />
      </SimpleGrid>
    </Paper>
  );
}

const nameOf = (r: { caseId: string; variantId: string }) =>
  r.variantId && r.variantId !== DEFAULT_VARIANT_ID ? `${r.caseId} [${r.variantId}]` : r.caseId;

function EditedMark({ row }: { row: BaselineRow }) {
  const t = useT();
  return row.edited ? (
    <Badge size="xs" variant="outline" color="gray" data-testid="edited-mark">
      {t('suites.baseline.editedMark')}
    </Badge>
  ) : null;
}

function RowList(props: {
  title: string;
  hint?: string;
  rows: BaselineRow[];
  testId: string;
  compact?: boolean;
  hideEmpty?: boolean;
}) {
  const t = useT();
  const { title, hint, rows, testId, compact, hideEmpty } = props;
  if (hideEmpty && rows.length === 0) return null;
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
        <Group gap={6}>
          {rows.map((r) => (
            <Group
              key={`${r.caseId}\u0000${r.variantId}`}
              gap={4}
              wrap="nowrap"
              data-testid="baseline-row"
              data-case={r.caseId}
            >
              <Text size="sm" ff="monospace">
                {nameOf(r)}
              </Text>
              <EditedMark row={r} />
            </Group>
          ))}
        </Group>
      ) : (
        <Table verticalSpacing={2}>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr
                key={`${r.caseId}\u0000${r.variantId}`}
                data-testid="baseline-row"
                data-case={r.caseId}
                data-verdict={r.verdict}
                data-edited={r.edited ? 'true' : 'false'}
              >
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {nameOf(r)}
                    </Text>
                    <EditedMark row={r} />
                  </Group>
                  {r.note ? (
                    <Text size="xs" c="dimmed">
                      {r.note}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <CaseStatusBadge status={r.rejudged ?? r.baseline} />→<CaseStatusBadge status={r.current} />
                  </Group>
                  {r.rejudged ? (
                    <Text size="xs" c="dimmed" data-testid="judged-again">
                      {t('suites.baseline.judgedAgain')} {t(`suites.status.${r.rejudged}`)}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

/** Cases on one side only: new in B, or removed since A. Listed apart, never as regressions. */
function Missing({ a, b, onlyA, onlyB }: { a: string; b: string; onlyA: BaselineRow[]; onlyB: BaselineRow[] }) {
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
