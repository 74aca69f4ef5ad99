import { Alert, List, ScrollArea, Text } from '@mantine/core';
import { useT } from '../../i18n';
import { BULK_BOUNDS } from '../../removal-engine/batch/bounds';
import type { RefusedId } from '../../removal-engine/batch/parse-ids';

/** Refused ids listed at most (the count says how many more). */
const REFUSED_SHOWN = 50;

/** The ids refused while reading the input (not digits, too long, past the cap), kept in sight after the check. */
export function BulkRefusedIds({ refused }: { refused: readonly RefusedId[] }) {
  const t = useT();
  const refusedReason = (reason: string) =>
    t(
      reason === 'too_long'
        ? 'knowledge.bulk.refused.too_long'
        : reason === 'over_limit'
          ? 'knowledge.bulk.refused.over_limit'
          : 'knowledge.bulk.refused.not_numeric',
      { max: reason === 'too_long' ? BULK_BOUNDS.idMaxLength : BULK_BOUNDS.maxIds },
    );
  if (refused.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('knowledge.bulk.refused.title', { count: refused.length })}
      data-testid="bulk-refused"
    >
      <ScrollArea.Autosize mah={140}>
        <List size="xs" spacing={2}>
          {refused.slice(0, REFUSED_SHOWN).map((r, i) => (
            <List.Item key={i}>
              <Text span size="xs" ff="monospace">
                {r.value.length > 40 ? `${r.value.slice(0, 40)}…` : r.value}
              </Text>{' '}
              — {t('knowledge.bulk.refused.line', { line: r.line })}: {refusedReason(r.reason)}
            </List.Item>
          ))}
        </List>
        {refused.length > REFUSED_SHOWN ? (
          <Text size="xs" c="dimmed">
            {t('knowledge.bulk.more', { count: refused.length - REFUSED_SHOWN })}
          </Text>
        ) : null}
      </ScrollArea.Autosize>
    </Alert>
  );
}
