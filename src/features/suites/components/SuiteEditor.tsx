import { Alert, Button, Group, List, Pagination, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, type FieldPath, type UseFormRegister } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useT } from '../../../i18n';
import { useSaveSuite } from '../hooks';
import {
  caseFieldOf,
  caseFieldProblem,
  casesWithHiddenProblems,
  editorResolver,
  PAGE_SIZE,
  pageOfFirstProblem,
} from '../model/editor-form';
import { emptyCase, toFile, toValues, type EditorValues } from '../model/editor-values';
import type { KeptSuite } from '../model/store';
import { CaseTable } from './CaseTable';
import { SuiteFields } from './SuiteFields';

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
  const form = useForm<EditorValues>({
    defaultValues: toValues(record.file),
    resolver: editorResolver,
    mode: 'onSubmit',
  });
  const { register, control, handleSubmit, formState, reset } = form;
  const cases = useFieldArray({ control, name: 'cases' });
  // ?case=<id> (the playground's "Add to suite" links here): the editor opens on that case, its fields shown.
  const [params] = useSearchParams();
  const [focusAt] = useState(() => record.file.cases.findIndex((c) => c.id === params.get('case')));
  const [open, setOpen] = useState<Set<string>>(() =>
    focusAt >= 0 && cases.fields[focusAt] ? new Set([cases.fields[focusAt].id]) : new Set(),
  );
  const [page, setPage] = useState(focusAt >= 0 ? Math.floor(focusAt / PAGE_SIZE) + 1 : 1);
  useEffect(() => {
    if (focusAt >= 0) form.setFocus(`cases.${focusAt}.question`);
  }, [focusAt, form]);
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
      const rows = casesWithHiddenProblems(errors)
        .map((i) => cases.fields[i]?.id)
        .filter((id): id is string => !!id);
      if (rows.length) setOpen((s) => new Set([...s, ...rows]));
      const problemPage = pageOfFirstProblem(errors);
      if (problemPage !== undefined) setPage(problemPage);
    },
  );

  // Each case's field is checked by the same schema as it is left (and again as it is typed in once refused).
  const checkField = (path: string) => {
    const at = caseFieldOf(path);
    if (!at) return;
    const problem = caseFieldProblem(form.getValues(), at.index, at.name);
    const field = path as FieldPath<EditorValues>;
    if (problem) form.setError(field, { type: 'field', message: problem });
    else if (form.getFieldState(field).error) form.clearErrors(field);
  };
  const registerChecked: UseFormRegister<EditorValues> = (name, options) =>
    register(name, {
      ...options,
      onBlur: (event: unknown) => {
        options?.onBlur?.(event);
        checkField(name);
      },
      onChange: (event: unknown) => {
        options?.onChange?.(event);
        if (form.getFieldState(name).error) checkField(name);
      },
    });

  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <SuiteFields register={register} errors={formState.errors} />

        <CaseTable
          fields={cases.fields.slice(first, first + PAGE_SIZE)}
          first={first}
          register={registerChecked}
          errors={formState.errors}
          open={open}
          onToggle={toggle}
          onRemove={(i) => cases.remove(i)}
          canRemove={cases.fields.length > 1}
        />
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
