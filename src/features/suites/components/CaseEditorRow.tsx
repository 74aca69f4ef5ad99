import { ActionIcon, Group, Table, Textarea, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useT } from '../../../i18n';
import { errorAt, MORE_FIELDS } from '../model/editor-form';
import type { EditorValues } from '../model/editor-values';

/** One case in the editor's table: its id, question and two most used checks, and the buttons for the rest. */
export function CaseEditorRow({
  index: i,
  register,
  errors,
  expanded,
  onToggle,
  onRemove,
  canRemove,
}: {
  index: number;
  register: UseFormRegister<EditorValues>;
  errors: FieldErrors<EditorValues>;
  expanded: boolean;
  onToggle(): void;
  onRemove(): void;
  canRemove: boolean;
}) {
  const t = useT();
  const err = (path: string) => errorAt(errors, path);
  const hiddenProblem = MORE_FIELDS.some((f) => err(`cases.${i}.${f.name}`));
  return (
    <Table.Tr data-testid="case-row">
      <Table.Td c="dimmed" fz="xs">
        {i + 1}
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={t('suites.field.idOf', { n: i + 1 })}
          {...register(`cases.${i}.id`)}
          error={err(`cases.${i}.id`)}
        />
      </Table.Td>
      <Table.Td>
        <Textarea
          size="xs"
          autosize
          minRows={1}
          aria-label={t('suites.field.questionOf', { n: i + 1 })}
          {...register(`cases.${i}.question`)}
          error={err(`cases.${i}.question`)}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={t('suites.field.containsOf', { n: i + 1 })}
          {...register(`cases.${i}.contains`)}
          error={err(`cases.${i}.contains`)}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          ff="monospace"
          aria-label={t('suites.field.citesOf', { n: i + 1 })}
          {...register(`cases.${i}.cites_document`)}
          error={err(`cases.${i}.cites_document`)}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant={expanded ? 'light' : 'subtle'}
            color={hiddenProblem && !expanded ? 'red' : undefined}
            aria-expanded={expanded}
            aria-label={t('suites.field.more', { n: i + 1 })}
            title={t('suites.field.more', { n: i + 1 })}
            onClick={onToggle}
          >
            {expanded ? '▴' : '▾'}
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            // Red in dark mode too (color="red" is near-white there: see RunsPanel's Delete).
            color="var(--mantine-color-error)"
            aria-label={t('suites.field.remove', { n: i + 1 })}
            title={t('suites.field.remove', { n: i + 1 })}
            onClick={onRemove}
            disabled={!canRemove}
          >
            ✕
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
