import { Anchor, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  compareOutcomes,
  outcomeKey,
  runSuiteOf,
  type CaseOutcome,
  type CaseComparison,
  type SuiteRun,
  DEFAULT_VARIANT_ID,
} from '../../../suite-engine';
import { EmptyState, ErrorState, Loading, PageHeader } from '../../../components';
import { useFormat, useT } from '../../../i18n';
import { useCaseDetails, useLiveRuns, useRuns, useSuite } from '../hooks';
import { baselineView, editedKeys, latencyMatters, sideOutcomes, type CompareSide } from '../model/baseline-view';
import { BaselineReport } from './BaselineReport';
import { paths } from '../../../config/paths';

function sideOf(value: string | null, runs: SuiteRun[]): CompareSide | undefined {
  if (!value) return undefined;
  const [runId, variant] = value.split(':') as [string, string | undefined];
  const run = runs.find((r) => r.id === runId);
  return run ? { run, variant } : undefined;
}

/**
 * Two runs, or two variants of one run: the engine's one comparison (a verdict per case, one list per verdict), then
 * latency and token changes per case, then sources cited on one side only. A case missing on one side is shown as
 * missing, never as passing.
 */
export function ComparePage({ suiteId }: { suiteId: string }) {
  const t = useT();
  const { formatDateTime } = useFormat();
  const [params, setParams] = useSearchParams();
  const runs = useRuns(suiteId);
  const live = useLiveRuns();
  const list = useMemo(() => (runs.data?.rows ?? []).map((r) => live.get(r.id) ?? r), [runs.data, live]);
  // With no A picked, A is the suite's baseline run when it has one.
  const baselineId = useSuite(suiteId).data?.baselineRunId;
  const aParam = params.get('a') || baselineId || null;
  const bParam = params.get('b');
  // Kept between renders: the comparison below is built again only when a side changes.
  const a = useMemo(() => sideOf(aParam, list), [aParam, list]);
  const b = useMemo(() => sideOf(bParam, list), [bParam, list]);

  if (runs.isPending) return <Loading label={t('suites.loading')} />;
  if (runs.error) return <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />;
  const options = list.flatMap((r) => {
    const suite = runSuiteOf(r);
    const when = formatDateTime(r.startedAt);
    const variants = suite?.hasVariants
      ? suite.variants.map((v) => ({ value: `${r.id}:${v.id}`, label: `${when} · ${v.id}` }))
      : [];
    return [{ value: r.id, label: when }, ...variants];
  });
  const label = (side: CompareSide | undefined) =>
    side ? `${formatDateTime(side.run.startedAt)}${side.variant ? ` · ${side.variant}` : ''}` : '–';

  return (
    <>
      <Anchor component={Link} to={paths.suite.href(suiteId, 'runs')} size="sm">
        ← {list[0]?.suite.name ?? t('suites.title')}
      </Anchor>
      <PageHeader title={t('suites.compare.title')} description={t('suites.compare.intro')} />
      <Group mb="md" align="flex-end">
        <Select
          label={t('suites.compare.a')}
          data={options}
          value={aParam}
          onChange={(v) => v && setParams({ a: v, b: params.get('b') ?? '' }, { replace: true })}
          w={320}
          allowDeselect={false}
        />
        <Select
          label={t('suites.compare.b')}
          data={options}
          value={params.get('b')}
          onChange={(v) => v && setParams({ a: aParam ?? '', b: v }, { replace: true })}
          w={320}
          allowDeselect={false}
        />
      </Group>
      {!a || !b ? (
        <EmptyState title={t('suites.compare.pick')} />
      ) : (
        <Comparison a={a} b={b} labelA={label(a)} labelB={label(b)} />
      )}
    </>
  );
}

/**
 * The two sides compared. An edited case is judged again from A's kept answers: a run kept in this browser stores
 * them apart, so those of the edited cases (only theirs) are read first; until then such a case shows as edited.
 */
function Comparison({ a, b, labelA, labelB }: { a: CompareSide; b: CompareSide; labelA: string; labelB: string }) {
  const t = useT();
  const byVariant = !!(a.variant || b.variant);
  const outcomesA = useMemo(() => sideOutcomes(a), [a]);
  const outcomesB = useMemo(() => sideOutcomes(b), [b]);
  const editedA = useMemo(() => {
    const edited = byVariant ? new Set<string>() : editedKeys(a.run, b.run);
    return outcomesA.filter((o) => edited.has(outcomeKey(o.caseId, o.variantId)));
  }, [a, b, byVariant, outcomesA]);
  const details = useCaseDetails(a.run, editedA);
  const comparison = useMemo(() => {
    const key = byVariant ? (o: CaseOutcome) => o.caseId : (o: CaseOutcome) => outcomeKey(o.caseId, o.variantId);
    const all = compareOutcomes(outcomesA, outcomesB, key);
    return { ...all, baseline: baselineView(a, b, details.loading ? [] : details.outcomes) };
  }, [a, b, byVariant, outcomesA, outcomesB, details.loading, details.outcomes]);
  return (
    <Stack gap="md" data-testid="comparison">
      <BaselineReport view={comparison.baseline} a={labelA} b={labelB} judging={details.loading} />
      <Section title={t('suites.compare.deltas')} testId="compare-deltas">
        <DeltaTable rows={comparison.deltas} a={labelA} b={labelB} />
      </Section>
      <Section title={t('suites.compare.sources', { count: comparison.sources.length })} testId="compare-sources">
        {comparison.sources.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('suites.compare.sameSources')}
          </Text>
        ) : (
          <SourcesTable rows={comparison.sources} a={labelA} b={labelB} />
        )}
      </Section>
    </Stack>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" data-testid={testId}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The variant is named only where the suite has variants (keyed by case and variant: two runs compared). */
const caseLabel = (r: CaseComparison) =>
  r.label.includes('\u0000') && r.variantId !== DEFAULT_VARIANT_ID ? `${r.caseId} [${r.variantId}]` : r.caseId;

/** Slower in red, faster in teal, only when the change matters (latencyMatters); jitter stays plain. */
const latencyTone = (r: CaseComparison) =>
  latencyMatters(r.latencyA, r.latencyDelta) ? (r.latencyDelta! > 0 ? 'red' : 'teal') : undefined;

function DeltaTable({ rows, a, b }: { rows: CaseComparison[]; a: string; b: string }) {
  const t = useT();
  const { formatNumber } = useFormat();
  const n = (v: number | undefined, unit = '') => (v === undefined ? '–' : `${formatNumber(Math.round(v))}${unit}`);
  const d = (v: number | undefined, unit = '') =>
    v === undefined ? '–' : `${v > 0 ? '+' : v < 0 ? '−' : '±'}${formatNumber(Math.abs(Math.round(v)))}${unit}`;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={4} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('suites.results.case')}</Table.Th>
            <Table.Th>{t('suites.compare.latencyOf', { side: a })}</Table.Th>
            <Table.Th>{t('suites.compare.latencyOf', { side: b })}</Table.Th>
            <Table.Th>Δ ms</Table.Th>
            <Table.Th>{t('suites.compare.tokensDelta')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.label}>
              <Table.Td ff="monospace">{caseLabel(r)}</Table.Td>
              <Table.Td>{n(r.latencyA, ' ms')}</Table.Td>
              <Table.Td>{n(r.latencyB, ' ms')}</Table.Td>
              <Table.Td c={latencyTone(r)} data-testid="latency-delta">
                {d(r.latencyDelta, ' ms')}
              </Table.Td>
              <Table.Td>{d(r.tokensDelta)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SourcesTable({ rows, a, b }: { rows: CaseComparison[]; a: string; b: string }) {
  const t = useT();
  const ids = (list: string[]) =>
    list.map((id) => (
      <Anchor key={id} component={Link} to={paths.document.href(id)} ff="monospace" size="sm" mr="xs">
        {id}
      </Anchor>
    ));
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('suites.results.case')}</Table.Th>
            <Table.Th>{t('suites.compare.onlyIn', { side: a })}</Table.Th>
            <Table.Th>{t('suites.compare.onlyIn', { side: b })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.label}>
              <Table.Td ff="monospace">{caseLabel(r)}</Table.Td>
              <Table.Td>{ids(r.onlyA)}</Table.Td>
              <Table.Td>{ids(r.onlyB)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
