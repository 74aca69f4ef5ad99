import { Group, Progress, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SuiteRun } from '../../../suite-engine';
import { useFormat, useT } from '../../../i18n';

/** done/total sessions and the time left, estimated from the pace so far (none while paused: no pace then). */
export function RunProgress({ run, paused = false }: { run: SuiteRun; paused?: boolean }) {
  const t = useT();
  const { formatNumber } = useFormat();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const done = run.attempts.length;
  const total = Math.max(run.planned, 1);
  const elapsed = now - run.startedAt;
  const leftMs = done > 0 ? (elapsed / done) * (total - done) : undefined;
  const pct = Math.min(100, (done / total) * 100);
  return (
    <div data-testid="run-progress">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {t('suites.progress.done', { done: formatNumber(done), total: formatNumber(run.planned) })}
        </Text>
        <Text size="sm" c="dimmed">
          {paused
            ? t('suites.progress.paused')
            : leftMs === undefined
              ? t('suites.progress.estimating')
              : t('suites.progress.left', { seconds: formatNumber(Math.max(0, Math.ceil(leftMs / 1000))) })}
        </Text>
      </Group>
      <Progress value={pct} animated={!paused} aria-label={t('suites.progress.label')} />
    </div>
  );
}
