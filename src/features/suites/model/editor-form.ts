import type { FieldErrors, Resolver } from 'react-hook-form';
import type { MessageKey } from '../../../i18n';
import { fieldOf, toFile, type CaseRow, type EditorValues } from './editor-values';

/** Every message of the one schema, placed on its input (react-hook-form reads errors by path). */
export function errorsFor(messages: string[]): FieldErrors<EditorValues> {
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

export const editorResolver: Resolver<EditorValues> = (values) => {
  const checked = toFile(values);
  return checked.ok ? { values, errors: {} } : { values: {}, errors: errorsFor(checked.errors) };
};

/**
 * The schema's message for one field of a case, checked with that case alone, as the field is left: a similarity of
 * 1.5 is refused at its input with the documented range, not first at Save. The message names the case's own index.
 */
export function caseFieldProblem(values: EditorValues, index: number, name: string): string | undefined {
  const row = values.cases[index];
  if (!row) return undefined;
  const one = toFile({ ...values, cases: [row] });
  if (one.ok) return undefined;
  const mine = one.errors.filter((m) => fieldOf(m) === `cases.0.${name}`);
  return mine.length ? mine.map((m) => m.replace(/^cases\[0\]/, `cases[${index}]`)).join('\n') : undefined;
}

/** The case and field of an input's name ("cases.3.similar_min"), if it is a case's. */
export function caseFieldOf(path: string): { index: number; name: string } | undefined {
  const m = /^cases\.(\d+)\.(\w+)$/.exec(path);
  return m ? { index: Number(m[1]), name: m[2]! } : undefined;
}

/** The message on the input at `path` ("cases.3.id"), if any. */
export function errorAt(errors: FieldErrors<EditorValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const p of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[p];
  return (node as { message?: string } | undefined)?.message;
}

/** A case's further fields, shown when its row is opened. */
export const MORE_FIELDS: {
  name: keyof CaseRow;
  label: MessageKey;
  hint?: MessageKey;
  json?: boolean;
  /** A choice of values (true/false assertions): an empty value leaves the assertion out. */
  choice?: readonly { value: string; label: MessageKey }[];
}[] = [
  { name: 'contains_any', label: 'suites.field.contains_any', hint: 'suites.field.listHint' },
  { name: 'not_contains', label: 'suites.field.not_contains', hint: 'suites.field.listHint' },
  { name: 'not_cites_document', label: 'suites.field.not_cites_document', hint: 'suites.field.listHint' },
  { name: 'matches', label: 'suites.field.matches', hint: 'suites.field.matchesHint' },
  { name: 'min_sources', label: 'suites.field.min_sources' },
  { name: 'min_top_score', label: 'suites.field.min_top_score' },
  { name: 'max_latency_ms', label: 'suites.field.max_latency_ms' },
  { name: 'max_total_tokens', label: 'suites.field.max_total_tokens' },
  { name: 'max_ttft_ms', label: 'suites.field.max_ttft_ms', hint: 'suites.field.ttftHint' },
  {
    name: 'stream_completes',
    label: 'suites.field.stream_completes',
    hint: 'suites.field.streamCompletesHint',
    choice: [
      { value: '', label: 'suites.field.notChecked' },
      { value: 'true', label: 'suites.field.streamMustComplete' },
    ],
  },
  {
    name: 'abstains',
    label: 'suites.field.abstains',
    hint: 'suites.field.abstainsHint',
    choice: [
      { value: '', label: 'suites.field.notChecked' },
      { value: 'true', label: 'suites.field.mustAbstain' },
      { value: 'false', label: 'suites.field.mustAnswer' },
    ],
  },
  { name: 'repeat', label: 'suites.field.repeat' },
  { name: 'relevant_documents', label: 'suites.field.relevant_documents', hint: 'suites.field.relevantHint' },
  { name: 'similar_text', label: 'suites.field.similar_text', hint: 'suites.field.similarHint' },
  { name: 'similar_min', label: 'suites.field.similar_min', hint: 'suites.field.similarMinHint' },
  { name: 'options', label: 'suites.field.options', hint: 'suites.field.optionsHint', json: true },
  { name: 'follow_ups', label: 'suites.field.follow_ups', hint: 'suites.field.followUpsHint', json: true },
];

/** Cases shown at once: a suite of 2,000 cases edits as fast as one of 25 (the others keep their values). */
export const PAGE_SIZE = 25;

/** The indexes of the cases whose further fields have a problem: their rows open so the message shows. */
export function casesWithHiddenProblems(messages: readonly string[]): number[] {
  return messages
    .map((e) => /^cases\.(\d+)\.(\w+)$/.exec(fieldOf(e) ?? ''))
    .filter((m) => m && MORE_FIELDS.some((f) => f.name === m[2]))
    .map((m) => Number(m![1]));
}

/** The page (from 1) of the first case with a problem, if any has one. */
export function pageOfFirstProblem(messages: readonly string[]): number | undefined {
  const firstCase = messages.map((e) => /^cases\.(\d+)\./.exec(fieldOf(e) ?? '')?.[1]).find((n) => n !== undefined);
  return firstCase === undefined ? undefined : Math.floor(Number(firstCase) / PAGE_SIZE) + 1;
}
