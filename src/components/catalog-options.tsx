import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CatalogEntry } from '../lib';

/**
 * Options for an Autocomplete/TagsInput of known ids: the value is the id; the option shows the
 * label (name or title) with the id beneath it, so an admin picks by name and still sees what is sent.
 */
export function catalogOptions(entries: readonly CatalogEntry[], limit = entries.length) {
  const labels = new Map(entries.map((e) => [e.id, e.label]));
  return {
    data: entries.slice(0, limit).map((e) => e.id),
    renderOption: ({ option }: { option: { value: string } }): ReactNode => (
      <div>
        <Text size="sm">{labels.get(option.value) ?? option.value}</Text>
        {labels.get(option.value) ? (
          <Text size="xs" c="dimmed" ff="monospace">
            {option.value}
          </Text>
        ) : null}
      </div>
    ),
  };
}
