import {
  ActionIcon,
  Alert,
  Button,
  Group,
  List,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { ScrollTable } from '../../../components';
import { useT, type MessageKey } from '../../../i18n';
import { useSaveSuite } from '../hooks';
import { emptyCase, fieldOf, toFile, toValues, type EditorValues } from '../model/editor-values';
import type { KeptSuite } from '../model/store';

/** Every message of the one schema, placed on its input (react-hook-form reads errors by path). */
function errorsFor(messages: string[]): FieldErrors<EditorValues> {
  const out: Record<string, unknown> = {};
  for (const message of messages) {
    const field = fieldOf(message);
    if (!field) continue;
    const parts = field.split('.');
    let node = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const next = parts[i + 1];
      if (last) {
        const prev = node[part] as { message?: string } | undefined;
        node[part] = { type: 'suite', message: prev?.message ? `${prev.message}\n${message}` : message };
      } else {
        node[part] ??= next !== undefined && /^\d+$/.test(next) ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return out as FieldErrors<EditorValues>;
}

const resolver: Resolver<EditorValues> = (values) => {
  const checked = toFile(values);
  return checked.ok ? { values, errors: {} } : { values: {}, errors: errorsFor(checked.errors) };
};

const MORE_FIELDS: {
  name: keyof EditorValues['cases'][number];
  label: MessageKey;
  hint?: MessageKey;
  json?: boolean;
}[] = [
  { name: 'contains_any', label: 'suites.field.contains_any', hint: 'suites.field.listHint' },
  { name: 'not_contains', label: 'suites.field.not_contains', hint: 'suites.field.listHint' },
  { name: 'matches', label: 'suites.field.matches', hint: 'suites.field.matchesHint' },
  { name: 'min_sources', label: 'suites.field.min_sources' },
  { name: 'min_top_score', label: 'suites.field.min_top_score' },
  { name: 'max_latency_ms', label: 'suites.field.max_latency_ms' },
  { name: 'max_total_tokens', label: 'suites.field.max_total_tokens' },
  { name: 'repeat', label: 'suites.field.repeat' },
  { name: 'options', label: 'suites.field.options', hint: 'suites.field.optionsHint', json: true },
  { name: 'follow_ups', label: 'suites.field.follow_ups', hint: 'suites.field.followUpsHint', json: true },
];

/** Cases shown at once: a suite of 2,000 cases edits as fast as one of 25 (the others keep their values). */
const PAGE_SIZE = 25;

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } };

/** The suite's cases in a table (react-hook-form field arrays), checked by the suite schema with inline errors. */
export function SuiteEditor({
  record,
  onDirty,
  onSaved,
}: {
  record: KeptSuite;
  onDirty(dirty: boolean): void;
  /** After each save (a draft's first moves the page to the suite's own address). */
  onSaved?(): void;
}) {
  const t = useT();
  const save = useSaveSuite(record);
  const form = useForm<EditorValues>({ defaultValues: toValues(record.file), resolver, mode: 'onSubmit' });
  const { register, control, handleSubmit, formState, reset } = form;
  const cases = useFieldArray({ control, name: 'cases' });
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(cases.fields.length / PAGE_SIZE));
  const first = (Math.min(page, pages) - 1) * PAGE_SIZE;
  const [problems, setProblems] = useState<string[]>([]);
  // A draft's first save arrives here on the suite's own address: "Saved." is still said.
  const arrivedSaved = (useLocation().state as { saved?: boolean } | null)?.saved === true;
  const [saved, setSaved] = useState(arrivedSaved);
  useEffect(() => onDirty(formState.isDirty), [formState.isDirty, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);

  const submit = handleSubmit(
    async (values) => {
      const checked = toFile(values);
      if (!checked.ok) return;
      setProblems([]);
      await save(checked.file);
      reset(toValues(checked.file));
      setSaved(true);
      onSaved?.();
    },
    () => {
      // The same messages as an import or the command line, all of them, above the Save button.
      const checked = toFile(form.getValues());
      const errors = checked.ok ? [] : checked.errors;
      setProblems(errors);
      setSaved(false);
      // A problem in a case's further fields opens them, so its message shows beside its input.
      const rows = new Set(
        errors
          .map((e) => /^cases\.(\d+)\.(\w+)$/.exec(fieldOf(e) ?? ''))
          .filter((m) => m && MORE_FIELDS.some((f) => f.name === m[2]))
          .map((m) => cases.fields[Number(m![1])]?.id),
      );
      if (rows.size) setOpen((s) => new Set([...s, ...[...rows].filter((id): id is string => !!id)]));
      // The page of the first case with a problem.
      const firstCase = errors.map((e) => /^cases\.(\d+)\./.exec(fieldOf(e) ?? '')?.[1]).find((n) => n !== undefined);
      if (firstCase !== undefined) setPage(Math.floor(Number(firstCase) / PAGE_SIZE) + 1);
    },
  );

  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const err = (path: string) => {
    const parts = path.split('.');
    let node: unknown = formState.errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return (node as { message?: string } | undefined)?.message;
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Paper withBorder p="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('suites.field.name')} {...register('name')} error={err('name')} />
            <TextInput label={t('suites.field.space')} {...register('space_id')} error={err('space_id')} />
            <TextInput
              label={t('suites.field.suiteRepeat')}
              {...register('repeat')}
              error={err('repeat')}
              placeholder="1"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
            <Textarea
              label={t('suites.field.defaults')}
              description={t('suites.field.defaultsHint')}
              autosize
              minRows={2}
              styles={mono}
              {...register('defaults')}
              error={err('defaults')}
            />
            <Textarea
              label={t('suites.field.variants')}
              description={t('suites.field.variantsHint')}
              autosize
              minRows={2}
              styles={mono}
              {...register('variants')}
              error={err('variants')}
            />
          </SimpleGrid>
        </Paper>

        <ScrollTable minWidth={860} label={t('suites.tab.cases')}>
          <Table verticalSpacing={6} data-testid="case-editor">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>#</Table.Th>
                <Table.Th w={170}>{t('suites.field.id')}</Table.Th>
                <Table.Th>{t('suites.field.question')}</Table.Th>
                <Table.Th w={200}>{t('suites.field.contains')}</Table.Th>
                <Table.Th w={190}>{t('suites.field.cites_document')}</Table.Th>
                <Table.Th w={84}>
                  <Text span size="xs" c="dimmed">
                    {t('suites.field.rowActions')}
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cases.fields.slice(first, first + PAGE_SIZE).map((field, k) => {
                const i = first + k;
                const expanded = open.has(field.id);
                const hiddenProblem = MORE_FIELDS.some((f) => err(`cases.${i}.${f.name}`));
                return [
                  <Table.Tr key={field.id} data-testid="case-row">
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
                        placeholder="14 days | 2 weeks"
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
                          onClick={() => toggle(field.id)}
                        >
                          {expanded ? '▴' : '▾'}
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          // Red in dark mode too (color="red" is near-white there: see RunsPanel's Delete).
                          color="var(--mantine-color-error)"
                          aria-label={t('suites.field.remove', { n: i + 1 })}
                          title={t('suites.field.remove', { n: i + 1 })}
                          onClick={() => cases.remove(i)}
                          disabled={cases.fields.length === 1}
                        >
                          ✕
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>,
                  expanded ? (
                    <Table.Tr key={`${field.id}-more`} data-testid="case-more">
                      <Table.Td />
                      <Table.Td colSpan={5} pt={0}>
                        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} pb="sm">
                          {MORE_FIELDS.map((f) =>
                            f.json ? (
                              <Textarea
                                key={f.name}
                                size="xs"
                                autosize
                                minRows={2}
                                styles={mono}
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
                  ) : null,
                ];
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => {
              cases.append({ ...emptyCase(), id: `case-${cases.fields.length + 1}` });
              setPage(Math.ceil((cases.fields.length + 1) / PAGE_SIZE));
            }}
          >
            {t('suites.addCase')}
          </Button>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              size="sm"
              getControlProps={(which) => ({ 'aria-label': t(`suites.page.${which}`) })}
            />
          ) : null}
        </Group>

        {problems.length ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t('suites.notSaved', { count: problems.length })}
            data-testid="editor-problems"
          >
            <List size="sm" spacing={2}>
              {problems.map((e) => (
                <List.Item key={e} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {e}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={formState.isSubmitting}>
            {t('suites.save')}
          </Button>
          <Button variant="default" disabled={!formState.isDirty} onClick={() => (reset(), setProblems([]))}>
            {t('suites.revert')}
          </Button>
          {saved && !formState.isDirty ? (
            <Text size="sm" c="teal" component="output">
              {t('suites.saved')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
