import { Table, Text } from '@mantine/core';
import type { FieldArrayWithId, FieldErrors, UseFormRegister } from 'react-hook-form';
import { ScrollTable } from '../../../components';
import { useT } from '../../../i18n';
import type { EditorValues } from '../model/editor-values';
import { CaseEditorRow } from './CaseEditorRow';
import { CaseMoreFields } from './CaseMoreFields';

/** One page of the suite's cases, each row with its further fields under it when opened. */
export function CaseTable({
  fields,
  first,
  register,
  errors,
  open,
  onToggle,
  onRemove,
  canRemove,
}: {
  /** The cases on this page; `first` is the index of the first of them in the suite. */
  fields: FieldArrayWithId<EditorValues, 'cases'>[];
  first: number;
  register: UseFormRegister<EditorValues>;
  errors: FieldErrors<EditorValues>;
  /** The field ids of the opened rows. */
  open: ReadonlySet<string>;
  onToggle(fieldId: string): void;
  onRemove(index: number): void;
  canRemove: boolean;
}) {
  const t = useT();
  return (
    <ScrollTable minWidth={860} label={t('suites.tab.cases')}>
      <Table verticalSpacing={6} data-testid="case-editor">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>#</Table.Th>
            <Table.Th w={170}>{t('suites.field.id')}</Table.Th>
            <Table.Th>{t('suites.field.question')}</Table.Th>
            <Table.Th w={200}>
              {t('suites.field.contains')}
              {/* How to give several, said once here: a placeholder in every row read like a value. */}
              <Text size="xs" c="dimmed" fw={400}>
                {t('suites.field.listHint')}
              </Text>
            </Table.Th>
            <Table.Th w={190}>{t('suites.field.cites_document')}</Table.Th>
            <Table.Th w={84}>
              <Text span size="xs" c="dimmed">
                {t('suites.field.rowActions')}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field, k) => {
            const i = first + k;
            const expanded = open.has(field.id);
            return [
              <CaseEditorRow
                key={field.id}
                index={i}
                register={register}
                errors={errors}
                expanded={expanded}
                onToggle={() => onToggle(field.id)}
                onRemove={() => onRemove(i)}
                canRemove={canRemove}
              />,
              expanded ? (
                <CaseMoreFields key={`${field.id}-more`} index={i} register={register} errors={errors} />
              ) : null,
            ];
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
