import { COMPLETION_DEFAULTS, CompletionBody, type z } from '../../../contract';
import { newId } from '../../../lib';

/**
 * What the options panel edits: every body field of chat completions, in the shape a form holds
 * (ids as text, context_params as the JSON text being typed). `toBody` turns it into the wire body.
 */
export interface PlaygroundOptions {
  session_id: string;
  external_user_id: string;
  conversation_id: string;
  stream: boolean;
  refine_question: boolean;
  copilot: boolean;
  dataset_id: string;
  dataset_ids: string[];
  document_id: string;
  document_ids: string[];
  only_dataset_tool: boolean;
  retrieval_with_websearch: boolean;
  context_documents_mode: number;
  /** JSON text; must parse to an object before anything is sent. */
  context_params: string;
}

/** A fresh session id: unique per playground session, readable in the service's logs. */
export function newSessionId(): string {
  return `playground-${newId()}`;
}

/**
 * The spec's sample values (COMPLETION_DEFAULTS), a new session id, no conversation yet; but streamed: an admin
 * trying a space wants to see the answer arrive (the spec's sample body shows `stream: false`).
 */
export function defaultOptions(): PlaygroundOptions {
  return {
    session_id: newSessionId(),
    external_user_id: '',
    conversation_id: '',
    stream: true,
    refine_question: COMPLETION_DEFAULTS.refine_question,
    copilot: COMPLETION_DEFAULTS.copilot,
    dataset_id: '',
    dataset_ids: [],
    document_id: '',
    document_ids: [],
    only_dataset_tool: COMPLETION_DEFAULTS.only_dataset_tool,
    retrieval_with_websearch: COMPLETION_DEFAULTS.retrieval_with_websearch,
    context_documents_mode: COMPLETION_DEFAULTS.context_documents_mode,
    context_params: JSON.stringify(COMPLETION_DEFAULTS.context_params),
  };
}

/** Stored options are read leniently: a field that is missing or of the wrong type takes its default. */
export function readOptions(value: unknown): PlaygroundOptions {
  const base = defaultOptions();
  if (!value || typeof value !== 'object') return base;
  const v = value as Record<string, unknown>;
  const out: Record<string, unknown> = { ...base };
  for (const key of Object.keys(base) as (keyof PlaygroundOptions)[]) {
    const fallback = base[key];
    const got = v[key];
    if (Array.isArray(fallback)) {
      if (Array.isArray(got)) out[key] = got.filter((x): x is string => typeof x === 'string');
    } else if (typeof got === typeof fallback && (typeof got !== 'number' || Number.isInteger(got))) {
      out[key] = got;
    }
  }
  return out as unknown as PlaygroundOptions;
}

export type ContextParamsCheck =
  { ok: true; value: Record<string, unknown> } | { ok: false; reason: 'json' | 'object'; detail?: string };

/** context_params must be a JSON object ({} when the box is empty). */
export function parseContextParams(text: string): ContextParamsCheck {
  if (!text.trim()) return { ok: true, value: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'json', detail: error instanceof Error ? error.message : String(error) };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, reason: 'object' };
  return { ok: true, value: parsed as Record<string, unknown> };
}

export type CompletionBodyInput = z.input<typeof CompletionBody>;

export type BodyCheck =
  | { ok: true; body: CompletionBodyInput }
  | {
      ok: false;
      field: keyof PlaygroundOptions | 'message';
      reason: 'required' | 'json' | 'object' | 'integer' | 'contract';
      detail?: string;
    };

const clean = (ids: readonly string[]) => [...new Set(ids.map((id) => id.trim()).filter(Boolean))];

/**
 * The wire body for one message. Empty optional ids are left out rather than sent as "", so the
 * request says only what the admin chose; booleans are always sent so the request is explicit.
 */
export function toBody(options: PlaygroundOptions, message: string): BodyCheck {
  if (!message.trim()) return { ok: false, field: 'message', reason: 'required' };
  if (!options.session_id.trim()) return { ok: false, field: 'session_id', reason: 'required' };
  if (!Number.isInteger(options.context_documents_mode))
    return { ok: false, field: 'context_documents_mode', reason: 'integer' };
  const params = parseContextParams(options.context_params);
  if (!params.ok) return { ok: false, field: 'context_params', reason: params.reason, detail: params.detail };
  const body: CompletionBodyInput = {
    session_id: options.session_id.trim(),
    message,
    stream: options.stream,
    refine_question: options.refine_question,
    copilot: options.copilot,
    only_dataset_tool: options.only_dataset_tool,
    retrieval_with_websearch: options.retrieval_with_websearch,
    context_documents_mode: options.context_documents_mode,
    context_params: params.value,
  };
  const optionalText = ['external_user_id', 'conversation_id', 'dataset_id', 'document_id'] as const;
  for (const key of optionalText) {
    const value = options[key].trim();
    if (value) body[key] = value;
  }
  const datasetIds = clean(options.dataset_ids);
  if (datasetIds.length) body.dataset_ids = datasetIds;
  const documentIds = clean(options.document_ids);
  if (documentIds.length) body.document_ids = documentIds;
  const checked = CompletionBody.safeParse(body);
  if (!checked.success) {
    const first = checked.error.issues[0];
    return {
      ok: false,
      field: (first?.path[0] as keyof PlaygroundOptions | undefined) ?? 'message',
      reason: 'contract',
      detail: first?.message,
    };
  }
  return { ok: true, body };
}

/** The options a preset keeps: everything but the per-session ids. */
export type PresetOptions = Omit<PlaygroundOptions, 'session_id' | 'conversation_id'>;

export function presetOf(options: PlaygroundOptions): PresetOptions {
  const { session_id: _s, conversation_id: _c, ...rest } = options;
  return rest;
}

export function applyPreset(current: PlaygroundOptions, preset: unknown): PlaygroundOptions {
  const read = readOptions(preset);
  return { ...read, session_id: current.session_id, conversation_id: current.conversation_id };
}

/** The option a field path of a 422 (body location dropped) belongs to: ['dataset_ids', 0] → dataset_ids. */
export function optionForPath(path: readonly (string | number)[]): keyof PlaygroundOptions | undefined {
  const first = path[0];
  return typeof first === 'string' && Object.hasOwn(defaultOptions(), first)
    ? (first as keyof PlaygroundOptions)
    : undefined;
}
