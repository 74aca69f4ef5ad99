import { TextInput, type TextInputProps } from '@mantine/core';
import { useId } from 'react';
import { CatalogDatalist } from '../../components';
import { useT } from '../../i18n';
import type { CatalogEntry } from '../../lib';

/**
 * "Check answers through space": the space a deletion's or a batch's probes ask through, the spaces this browser has
 * met offered. One field for the single delete form and the bulk dialog, so both read and behave alike.
 */
export function ProbeSpaceField({
  value,
  onChange,
  spaces,
  testId,
  ...rest
}: {
  value: string;
  onChange(value: string): void;
  spaces: readonly CatalogEntry[];
  testId: string;
} & Pick<TextInputProps, 'description' | 'error' | 'disabled' | 'mt'>) {
  const t = useT();
  const listId = useId();
  return (
    <>
      <TextInput
        label={t('knowledge.gone.space')}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        maw="44rem"
        data-testid={testId}
        {...rest}
      />
      <CatalogDatalist id={listId} entries={spaces} />
    </>
  );
}
