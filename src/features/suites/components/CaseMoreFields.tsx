import { NativeSelect, SimpleGrid, Table, Textarea, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useT } from '../../../i18n';
import { errorAt, MORE_FIELDS } from '../model/editor-form';
import type { EditorValues } from '../model/editor-values';
import { monoInput } from './mono-styles';

/** An opened case's further checks and options, in a row under its own. */
export function CaseMoreFields({
  index: i,
  register,
  errors,
}: {
  index: number;
  register: UseFormRegister<EditorValues>;
  errors: FieldErrors<EditorValues>;
}) {
  const t = useT();
  const err = (path: string) => errorAt(errors, path);
  return (
    <Table.Tr data-testid="case-more">
      <Table.Td />
      <Table.Td colSpan={5} pt={0}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} pb="sm">
          {MORE_FIELDS.map((f) =>
            f.choice ? (
              <NativeSelect
                key={f.name}
                size="xs"
                label={t(f.label)}
                description={f.hint ? t(f.hint) : undefined}
                data={f.choice.map((c) => ({ value: c.value, label: t(c.label) }))}
                {...register(`cases.${i}.${f.name}`)}
                error={err(`cases.${i}.${f.name}`)}
              />
            ) : f.json ? (
              <Textarea
                key={f.name}
                size="xs"
                autosize
                minRows={2}
                styles={monoInput}
                label={t(f.label)}
                description={f.hint ? t(f.hint) : undefined}
                {...register(`cases.${i}.${f.name}`)}
                error={err(`cases.${i}.${f.name}`)}
                style={{ gridColumn: 'span 2' }}
              />
            ) : (
              <TextInput
                key={f.name}
                size="xs"
                label={t(f.label)}
                description={f.hint ? t(f.hint) : undefined}
                {...register(`cases.${i}.${f.name}`)}
                error={err(`cases.${i}.${f.name}`)}
              />
            ),
          )}
        </SimpleGrid>
      </Table.Td>
    </Table.Tr>
  );
}
