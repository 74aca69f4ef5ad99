import { List, ScrollArea, Text } from '@mantine/core';
import { useT } from '../../i18n';
import type { Lookup } from '../../removal-engine/batch/check-first';

/** Names of found documents listed in the review at most. */
const FOUND_SHOWN = 200;

/** What the check found: unknown and unchecked ids first (they need a decision), then the names found. */
export function BulkLookupList({ lookups }: { lookups: readonly Lookup[] }) {
  const t = useT();
  const notFound = lookups.filter(
    (l) => l.status === 'unknown' || l.status === 'unchecked' || l.status === 'elsewhere',
  );
  const found = lookups.filter((l) => l.status === 'found' || l.status === 'exists');
  return (
    <ScrollArea.Autosize mah={220} type="auto" data-testid="bulk-lookups">
      <List size="xs" spacing={2} listStyleType="none">
        {notFound.map((l) => (
          <List.Item key={l.id} data-testid="bulk-lookup" data-status={l.status}>
            <Text span size="xs" ff="monospace">
              {l.id}
            </Text>{' '}
            <Text span size="xs" c={l.status === 'unchecked' ? 'yellow.8' : 'red'} fw={600}>
              {l.status === 'unknown'
                ? t('knowledge.bulk.check.unknown')
                : l.status === 'elsewhere'
                  ? t('knowledge.bulk.check.elsewhereOne', { where: l.where })
                  : t('knowledge.bulk.check.uncheckedOne', { reason: l.error })}
            </Text>
          </List.Item>
        ))}
        {found.slice(0, FOUND_SHOWN).map((l) => (
          <List.Item key={l.id} data-testid="bulk-lookup" data-status={l.status}>
            <Text span size="xs" ff="monospace" c="dimmed">
              {l.id}
            </Text>{' '}
            <Text span size="xs">
              {('name' in l && l.name) || t('knowledge.deletion.unnamedDocument')}
            </Text>
          </List.Item>
        ))}
      </List>
      {found.length > FOUND_SHOWN ? (
        <Text size="xs" c="dimmed">
          {t('knowledge.bulk.more', { count: found.length - FOUND_SHOWN })}
        </Text>
      ) : null}
    </ScrollArea.Autosize>
  );
}
