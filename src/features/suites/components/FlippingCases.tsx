import { Group, List, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { flippingCases, type SuiteRun } from '../../../suite-engine';
import { useT } from '../../../i18n';
import { CaseStatusBadge } from './CaseStatusBadge';

/**
 * Under the trend: the cases whose verdict flips from run to run (pass, fail, pass…) while the case stays the same,
 * each with its verdicts oldest first. Nothing when none flips.
 */
export function FlippingCases({ runs, showVariants }: { runs: readonly SuiteRun[]; showVariants: boolean }) {
  const t = useT();
  const flipping = useMemo(() => flippingCases(runs), [runs]);
  if (flipping.length === 0) return null;
  return (
    <div data-testid="flipping-cases">
      <Title order={3} size="h6" mt="sm">
        {t('suites.trend.flipping', { count: flipping.length })}
      </Title>
      <Text size="xs" c="dimmed" mb={4}>
        {t('suites.trend.flippingHint')}
      </Text>
      <List size="sm" spacing={4}>
        {flipping.map((f) => (
          <List.Item key={`${f.caseId}\u0000${f.variantId}`} data-testid="flipping-case">
            <Group gap={6} wrap="wrap">
              <Text span size="sm" ff="monospace">
                {f.caseId}
                {showVariants ? ` [${f.variantId}]` : ''}
              </Text>
              <Text span size="xs" c="dimmed">
                {t('suites.trend.flips', { count: f.flips })}
              </Text>
              {f.history.map((h) => (
                <CaseStatusBadge key={h.runId} status={h.status} />
              ))}
            </Group>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
