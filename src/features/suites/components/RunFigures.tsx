import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RunSummary, SuiteRun } from '../../../api';
import { useFormat, useT } from '../../../i18n';
import { RunProgress } from './RunProgress';
import { RunStatusBadge } from './RunStatusBadge';

/** The run's figures at a glance (status, pass rate, counts, median latency), with its progress while it runs. */
export function RunFigures({
  run,
  live,
  summary,
  passRateText,
}: {
  run: SuiteRun;
  live: boolean;
  summary: RunSummary;
  passRateText: string;
}) {
  const t = useT();
  const { formatNumber } = useFormat();
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" align="flex-start" gap="md">
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="lg" style={{ flex: 1 }} data-testid="run-summary">
          <Figure label={t('suites.run.status')} value={<RunStatusBadge status={run.status} />} />
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
        </SimpleGrid>
      </Group>
      {live ? (
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <RunProgress run={run} />
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
