import { Checkbox, Text } from '@mantine/core';
import type { Ref } from 'react';
import { useT, type MessageKey } from '../../i18n';
import { summarise, type Lookup, type LookupSummary } from '../../removal-engine/batch/check-first';
import classes from './BulkRemoval.module.css';
import { BulkLookupList } from './BulkLookupList';

export interface BulkCheckResultProps {
  /** The check's answers; null when the admin skipped the check. */
  lookups: readonly Lookup[] | null;
  includeUnknown: boolean;
  onIncludeUnknown(value: boolean): void;
  /** The result's summary: focus moves to it once the check is done. */
  focusRef: Ref<HTMLDivElement>;
}

/** What the check before confirming found (or that it was skipped), and the choice to include unknown ids. */
export function BulkCheckResult({ lookups, includeUnknown, onIncludeUnknown, focusRef }: BulkCheckResultProps) {
  const t = useT();
  const summary = lookups ? summarise(lookups) : null;
  return (
    <>
      <div
        ref={focusRef}
        tabIndex={-1}
        className={`${classes.focusTarget} ${classes.checkResult}`}
        data-testid="bulk-check-result"
      >
        {summary ? (
          <>
            <Text fw={600} data-testid="bulk-check-summary">
              {summaryParts(summary)
                .map(([key, n]) => t(key, { count: n }))
                .join(t('knowledge.bulk.check.separator'))}
              {summary.unchecked > 0 ? ` · ${t('knowledge.bulk.check.unchecked', { count: summary.unchecked })}` : ''}
            </Text>
            {summary.exists > 0 ? (
              <Text size="xs" c="dimmed" data-testid="bulk-check-exists-why">
                {t('knowledge.bulk.check.existsWhy')}
              </Text>
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('knowledge.bulk.check.skipped')}
          </Text>
        )}
      </div>
      {lookups ? <BulkLookupList lookups={lookups} /> : null}
      {summary && summary.unknown > 0 ? (
        <Checkbox
          checked={includeUnknown}
          onChange={(e) => onIncludeUnknown(e.currentTarget.checked)}
          label={t('knowledge.bulk.check.includeUnknown', { count: summary.unknown })}
          description={t('knowledge.bulk.check.includeUnknownHint')}
        />
      ) : null}
    </>
  );
}

/** The counts of the check's summary, in the order they are said; a zero is left unsaid but for the unknown ones. */
function summaryParts(s: LookupSummary): [MessageKey, number][] {
  const parts: [MessageKey, number][] = [];
  if (s.found > 0 || s.exists === 0) parts.push(['knowledge.bulk.check.found', s.found]);
  if (s.exists > 0) parts.push(['knowledge.bulk.check.exists', s.exists]);
  if (s.elsewhere > 0) parts.push(['knowledge.bulk.check.elsewhere', s.elsewhere]);
  parts.push(['knowledge.bulk.check.unknownCount', s.unknown]);
  return parts;
}
