import { Badge, Group, Text } from '@mantine/core';
import type { CaseOutcome } from '../../../suite-engine';
import { useFormat, useT } from '../../../i18n';

/**
 * A case's graded figures beside its status: the similar_to score, hit@k and reciprocal rank (when it lists
 * relevant_documents), and "flaky" when its repetitions disagree. Nothing when it has none of them.
 */
export function CaseScores({ outcome, size = 'xs' }: { outcome: CaseOutcome; size?: 'xs' | 'sm' }) {
  const t = useT();
  const { formatNumber } = useFormat();
  const two = (n: number) => formatNumber(Number(n.toFixed(2)));
  const r = outcome.retrieval;
  if (outcome.similarity === undefined && !r && !outcome.flaky) return null;
  return (
    <Group gap={6} wrap="nowrap" style={{ flexShrink: 0, whiteSpace: 'nowrap' }} data-testid="case-scores">
      {outcome.flaky ? (
        <Badge size="xs" color="orange" variant="light" data-testid="flaky">
          {t('suites.results.flaky')}
        </Badge>
      ) : null}
      {outcome.similarity === undefined ? null : (
        <Text size={size} c="dimmed" data-testid="similarity">
          {t('suites.results.similarity', { score: two(outcome.similarity) })}
        </Text>
      )}
      {r ? (
        <Text size={size} c="dimmed" data-testid="retrieval">
          {t('suites.results.retrieval', { k: r.k, hit: two(r.hitAtK), rr: two(r.reciprocalRank) })}
        </Text>
      ) : null}
    </Group>
  );
}
