import { Alert, Badge, Group, Text } from '@mantine/core';
import type { TurnResult } from '../../../suite-engine';
import { useT } from '../../../i18n';

const COLOR = { pass: 'teal', fail: 'red', not_graded: 'gray', error: 'yellow' } as const;

/** The grader's verdict on a turn's expect.rubric and its reason (or why it was not graded); nothing without one. */
export function RubricVerdict({ turn }: { turn: TurnResult }) {
  const t = useT();
  const rubric = turn.assertions.find((a) => a.key === 'rubric');
  if (!rubric) return null;
  const verdict = rubric.verdict ?? 'not_graded';
  return (
    <Alert color={COLOR[verdict]} variant="light" p="xs" data-testid="rubric-verdict">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={COLOR[verdict]} variant="filled" style={{ flexShrink: 0 }}>
          {t(`suites.rubric.${verdict}`)}
        </Badge>
        <Text size="sm">
          {verdict === 'not_graded' ? t('suites.rubric.noGrader') : (rubric.reason ?? rubric.detail)}
        </Text>
      </Group>
    </Alert>
  );
}
