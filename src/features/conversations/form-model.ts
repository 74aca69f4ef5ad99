import type { FieldError } from 'react-hook-form';
import { ConversationRecord, LIMITS, type Conversation, type UpdateConversationBody, type z } from '../../contract';
import type { MessageKey, Translate } from '../../i18n';

/** The form holds exactly the update body (so the contract's schema is its resolver); status may be unset. */
export type ConversationFormValues = z.input<typeof UpdateConversationBody>;

/** The form's fields, in the order the spec lists the update body. */
export const FORM_FIELDS = ['agent_id', 'title', 'file_ids', 'enable_websearch', 'status', 'third_user_id'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** The documented maximum length of each text field (LIMITS is the one source). */
export const TEXT_FIELD_MAX = {
  title: LIMITS.conversation.titleMax,
  agent_id: LIMITS.conversation.agentIdMax,
  third_user_id: LIMITS.conversation.thirdUserIdMax,
} as const;
export type TextField = keyof typeof TEXT_FIELD_MAX;

export const EMPTY_VALUES: ConversationFormValues = {
  agent_id: '',
  title: '',
  file_ids: [],
  config: { enable_websearch: false },
  status: undefined,
  third_user_id: '',
};

export interface Baseline {
  values: ConversationFormValues;
  /** Fields whose value came from a record the console saw; the rest are empty placeholders. */
  known: ReadonlySet<FormField>;
  /** Whether any record was seen at all (decides how an unknown field is explained). */
  seen: boolean;
}

/**
 * The form's starting point: the last record seen for the id, read tolerantly (a stored record from an
 * older or drifting service still pre-fills what it can); unknown fields stay empty and are marked.
 */
export function baselineFrom(lastRecord: unknown): Baseline {
  if (lastRecord === undefined || lastRecord === null) return { values: EMPTY_VALUES, known: new Set(), seen: false };
  const parsed = ConversationRecord.parse(lastRecord);
  if (!parsed.ok) return { values: EMPTY_VALUES, known: new Set(), seen: false };
  return baselineFromRecord(parsed.data);
}

export function baselineFromRecord(record: Conversation): Baseline {
  const known = new Set<FormField>();
  const pick = <T>(field: FormField, value: T | undefined, fallback: T): T => {
    if (value === undefined) return fallback;
    known.add(field);
    return value;
  };
  const status = record.status !== undefined && Number.isInteger(record.status) ? record.status : undefined;
  return {
    values: {
      agent_id: pick('agent_id', record.agent_id, ''),
      title: pick('title', record.title, ''),
      file_ids: pick('file_ids', record.file_ids, []),
      config: { enable_websearch: pick('enable_websearch', record.config?.enable_websearch, false) },
      status: pick('status', status, undefined),
      third_user_id: pick('third_user_id', record.third_user_id, ''),
    },
    known,
    seen: true,
  };
}

/**
 * After a save the returned record is the new starting point: its fields replace what was typed
 * (the service's word wins), and a field it lacks keeps the typed value rather than going blank.
 */
export function mergeBaseline(previous: Baseline, current: ConversationFormValues, record: Conversation): Baseline {
  const fromRecord = baselineFromRecord(record);
  const values: ConversationFormValues = { ...current, config: { ...current.config } };
  for (const field of fromRecord.known) {
    if (field === 'enable_websearch') values.config = { enable_websearch: fromRecord.values.config?.enable_websearch };
    else (values as Record<string, unknown>)[field] = fromRecord.values[field];
  }
  return { values, known: new Set([...previous.known, ...fromRecord.known]), seen: true };
}

/** react-hook-form's dirty marks: `true`, or nested objects/arrays of marks. */
export type DirtyMark = boolean | DirtyMark[] | { [key: string]: DirtyMark | undefined } | undefined;

export function isDirtyMark(mark: DirtyMark): boolean {
  if (mark === true) return true;
  if (Array.isArray(mark)) return mark.some(isDirtyMark);
  if (mark && typeof mark === 'object') return Object.values(mark).some(isDirtyMark);
  return false;
}

export interface DirtyFields {
  agent_id?: DirtyMark;
  title?: DirtyMark;
  file_ids?: DirtyMark;
  config?: DirtyMark;
  status?: DirtyMark;
  third_user_id?: DirtyMark;
}

/**
 * The body to send: only the changed fields (the sandbox, and we assume the service, keep omitted fields),
 * or every field when the admin asks for it. An unset status is never sent: it has no value to send.
 */
export function buildUpdateBody(
  values: ConversationFormValues,
  dirty: DirtyFields,
  sendAll: boolean,
): UpdateConversationBody {
  const take = (mark: DirtyMark) => sendAll || isDirtyMark(mark);
  const configMark =
    dirty.config && typeof dirty.config === 'object' && !Array.isArray(dirty.config)
      ? dirty.config.enable_websearch
      : dirty.config;
  const body: UpdateConversationBody = {};
  if (take(dirty.agent_id) && values.agent_id !== undefined) body.agent_id = values.agent_id;
  if (take(dirty.title) && values.title !== undefined) body.title = values.title;
  if (take(dirty.file_ids) && values.file_ids !== undefined) body.file_ids = [...values.file_ids];
  if (take(configMark) && values.config?.enable_websearch !== undefined)
    body.config = { enable_websearch: values.config.enable_websearch };
  if (take(dirty.status) && typeof values.status === 'number') body.status = values.status;
  if (take(dirty.third_user_id) && values.third_user_id !== undefined) body.third_user_id = values.third_user_id;
  return body;
}

export const FORM_FIELD_LABEL_KEYS: Record<FormField, MessageKey> = {
  agent_id: 'conversations.field.agent_id',
  title: 'conversations.field.title',
  file_ids: 'conversations.field.file_ids',
  enable_websearch: 'conversations.field.enable_websearch',
  status: 'conversations.field.status',
  third_user_id: 'conversations.field.third_user_id',
};

/**
 * The contract's messages are English; the form shows the reader's language, chosen by the zod issue
 * code and the field, with the limit from LIMITS. Anything unforeseen keeps the schema's own text.
 */
export function fieldErrorText(
  field: FormField,
  error: Pick<FieldError, 'type' | 'message'> | undefined,
  t: Translate,
): string | undefined {
  if (!error) return undefined;
  // The service's own words for a field it refused (a 422 naming it): shown as it said them.
  if (error.type === SERVER_ERROR) return error.message;
  const name = t(FORM_FIELD_LABEL_KEYS[field]);
  if (field === 'title' || field === 'agent_id' || field === 'third_user_id') {
    if (error.type === 'too_big') return t('conversations.error.tooLong', { field: name, max: TEXT_FIELD_MAX[field] });
    if (error.type === 'invalid_type') return t('conversations.error.text', { field: name });
  }
  if (field === 'status') return t('conversations.error.integer', { field: name });
  if (field === 'file_ids') return t('conversations.error.fileIds');
  return error.message || t('conversations.error.invalid', { field: name });
}

/** The react-hook-form error type of a message the service gave for a field. */
export const SERVER_ERROR = 'server';

/** The form's inputs by react-hook-form name, in the order they are shown (the first in error gets the focus). */
export const INPUT_NAMES = [
  'title',
  'agent_id',
  'third_user_id',
  'file_ids',
  'config.enable_websearch',
  'status',
] as const;
export type InputName = (typeof INPUT_NAMES)[number];

/** The input a field path of a 422 (body location dropped) belongs to, e.g. ['file_ids', 0] → file_ids. */
export function inputForPath(path: readonly (string | number)[]): InputName | undefined {
  const [first, second] = path;
  if (first === 'config' && (second === undefined || second === 'enable_websearch')) return 'config.enable_websearch';
  return INPUT_NAMES.find((name) => name === first);
}

/** "129 / 128": the characters typed against the documented limit (UTF-16 units, as zod's max counts them). */
export function counterText(value: string | undefined, max: number): { text: string; over: boolean } {
  const length = value?.length ?? 0;
  return { text: `${length} / ${max}`, over: length > max };
}
