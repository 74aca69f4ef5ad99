import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useT } from '../../../i18n';
import type { CaseFilter } from '../model/case-rows';

/** Which cases the results table shows: by outcome and by a search on id or question. */
export function CaseFilterBar({
  filter,
  onFilter,
  search,
  onSearch,
  shown,
  total,
}: {
  filter: CaseFilter;
  onFilter(filter: CaseFilter): void;
  search: string;
  onSearch(search: string): void;
  shown: number;
  total: number;
}) {
  const t = useT();
  return (
    <Group gap="sm" align="flex-end">
      <SegmentedControl
        value={filter}
        onChange={(v) => onFilter(v as CaseFilter)}
        data={[
          { value: 'all', label: t('suites.filter.all') },
          { value: 'failing', label: t('suites.filter.failing') },
          { value: 'pass', label: t('suites.filter.pass') },
          { value: 'not_run', label: t('suites.filter.notRun') },
        ]}
      />
      <TextInput
        aria-label={t('suites.filter.search')}
        placeholder={t('suites.filter.search')}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={260}
      />
      <Text size="sm" c="dimmed">
        {t('suites.filter.count', { shown, total })}
      </Text>
    </Group>
  );
}
