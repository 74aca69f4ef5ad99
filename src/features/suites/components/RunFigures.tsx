import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RunSummary, SuiteRun } from '../../../suite-engine';
import { useFormat, useT } from '../../../i18n';
import { RunProgress } from './RunProgress';
import { RunStatusBadge } from './RunStatusBadge';

/**
 * The run's figures at a glance (status, pass rate, counts, median and p95 latency, tokens, flaky cases; hit rate, MRR
 * and recall@k when the suite lists relevant documents), with its progress while it runs. */
export function RunFigures({
  run,
  live,
  summary,
  passRateText,
  paused = false,
}: {
  run: SuiteRun;
  live: boolean;
  /** Paused (here or in the tab running it): the progress says so instead of a time left. */
  paused?: boolean;
  summary: RunSummary;
  passRateText: string;
}) {
  const t = useT();
  const { formatNumber } = useFormat();
  const ms = (n: number | undefined) => (n === undefined ? '–' : `${formatNumber(Math.round(n))} ms`);
  const percent = (n: number | undefined) => (n === undefined ? '–' : `${formatNumber(Math.round(n * 1000) / 10)}%`);
  const two = (n: number | undefined) => (n === undefined ? '–' : formatNumber(Number(n.toFixed(2))));
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" align="flex-start" gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="lg" style={{ flex: 1 }} data-testid="run-summary">
          <Figure label={t('suites.run.status')} value={<RunStatusBadge status={run.status} paused={paused} />} />
          <Figure
            label={live ? t('suites.run.passRateSoFar') : t('suites.run.passRate')}
            value={passRateText}
            testId="pass-rate"
          />
          <Figure label={t('suites.run.passed')} value={formatNumber(summary.passed)} testId="count-pass" />
          <Figure
            label={t('suites.run.failedErrors')}
            value={`${formatNumber(summary.failed)} / ${formatNumber(summary.errors)}`}
            testId="count-fail"
          />
          <Figure
            label={t('suites.run.medianLatency')}
            value={
              summary.medianLatencyMs === undefined ? '–' : `${formatNumber(Math.round(summary.medianLatencyMs))} ms`
            }
          />
          <Figure label={t('suites.run.p95Latency')} value={ms(summary.p95LatencyMs)} testId="p95-latency" />
          <Figure
            label={t('suites.run.totalTokens')}
            value={summary.totalTokens === undefined ? '–' : formatNumber(summary.totalTokens)}
            testId="total-tokens"
          />
          <Figure label={t('suites.run.flaky')} value={formatNumber(summary.flaky)} testId="count-flaky" />
          {/* Retrieval figures only when some case lists relevant_documents (else there is nothing to measure). */}
          {summary.hitRate === undefined ? null : (
            <>
              <Figure label={t('suites.run.hitRate')} value={percent(summary.hitRate)} testId="hit-rate" />
              <Figure label={t('suites.run.mrr')} value={two(summary.mrr)} testId="mrr" />
              <Figure label={t('suites.run.recallAtK')} value={percent(summary.recallAtK)} testId="recall-at-k" />
            </>
          )}
        </SimpleGrid>
      </Group>
      {live ? (
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <RunProgress run={run} paused={paused} />
        </div>
      ) : null}
    </Paper>
  );
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg" component="div" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
