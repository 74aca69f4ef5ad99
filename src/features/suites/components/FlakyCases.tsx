import { Anchor, List, Paper, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { flakyCases, type CaseOutcome } from '../../../suite-engine';
import { useFormat, useT } from '../../../i18n';

/** The run's cases whose repetitions disagreed, by name: each opens its detail. Nothing when there are none. */
export function FlakyCases({
  outcomes,
  showVariants,
  onOpen,
}: {
  outcomes: readonly CaseOutcome[];
  showVariants: boolean;
  onOpen(caseId: string): void;
}) {
  const t = useT();
  const { formatNumber } = useFormat();
  const flaky = useMemo(() => flakyCases(outcomes), [outcomes]);
  if (flaky.length === 0) return null;
  return (
    <Paper withBorder p="sm" data-testid="flaky-cases">
      <Title order={2} size="h5">
        {t('suites.run.flakyList', { count: flaky.length })}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('suites.run.flakyHint')}
      </Text>
      <List size="sm" spacing={2}>
        {flaky.map((f) => (
          <List.Item key={`${f.caseId}\u0000${f.variantId}`} data-testid="flaky-case">
            <Anchor component="button" type="button" size="sm" ff="monospace" onClick={() => onOpen(f.caseId)}>
              {f.caseId}
            </Anchor>
            {showVariants ? ` [${f.variantId}]` : ''}
            {' · '}
            {t('suites.run.flakyCase', { passed: formatNumber(f.passed), done: formatNumber(f.done) })}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
