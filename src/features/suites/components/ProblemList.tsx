import { List, Text } from '@mantine/core';
import { SUITE_BOUNDS } from '../../../suite-engine';
import { useT } from '../../../i18n';

/**
 * A refused suite's messages: the first SUITE_BOUNDS.importErrorsShown, then how many more. A 5,000-case file
 * wrong in every case has tens of thousands; rendering them all froze the page and helped nobody.
 */
export function ProblemList({ problems }: { problems: readonly string[] }) {
  const t = useT();
  const shown = problems.slice(0, SUITE_BOUNDS.importErrorsShown);
  const more = problems.length - shown.length;
  return (
    <>
      <List size="sm" spacing={2}>
        {shown.map((e) => (
          <List.Item key={e} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {e}
          </List.Item>
        ))}
      </List>
      {more > 0 ? (
        <Text size="sm" mt={4} data-testid="problems-more">
          {t('suites.problemsMore', { count: more })}
        </Text>
      ) : null}
    </>
  );
}
