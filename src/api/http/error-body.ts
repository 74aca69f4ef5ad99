import { asErrorResponse } from '../../contract';

/**
 * Reads any error answer the way its service meant it. The interface documents ErrorResponse
 * `{code, message}`, but the real service is a FastAPI application: where its code does not override
 * the defaults, errors arrive as `{"detail": "..."}` or Pydantic's `{"detail": [{loc, msg, type}]}`;
 * proxies and gateways in front of it add their own shapes, plain text and HTML pages.
 */
export type ErrorDialect =
  | 'error_response'
  | 'fastapi_detail'
  | 'pydantic'
  | 'problem_details'
  | 'error_object'
  | 'error_string'
  | 'message'
  | 'json'
  | 'text'
  | 'html'
  | 'empty';

/** One field the service named, e.g. `{path: ['third_user_id'], location: 'body', message: "String should…"}`. */
export interface ServiceFieldError {
  /** The field's path inside its location (`body` and the like dropped from Pydantic's `loc`). */
  path: (string | number)[];
  /** Where FastAPI found it (`body`, `query`, `path`, `header`, `cookie`) when it said so. */
  location?: string;
  message: string;
  /** Pydantic's error type, e.g. `string_pattern_mismatch`. */
  type?: string;
}

export interface ErrorBody {
  status: number;
  code?: number | string;
  /** The service's own words, at most HEADLINE_MAX characters for text and HTML; '' for an empty body. */
  message: string;
  fieldErrors: ServiceFieldError[];
  dialect: ErrorDialect;
}

/** Text and HTML bodies are cut to this many characters for the headline; the raw body keeps them whole. */
export const HEADLINE_MAX = 200;

const LOCATIONS = new Set(['body', 'query', 'path', 'header', 'cookie']);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const codeOf = (v: unknown): number | string | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() ? v.trim() : undefined;

function squeeze(value: string): string {
  const one = value.replace(/\s+/g, ' ').trim();
  return one.length > HEADLINE_MAX ? `${one.slice(0, HEADLINE_MAX - 1)}…` : one;
}

/** `third_user_id`, `document_ids[0]`, `config.enable_websearch`; a location other than the body is named first. */
export function fieldPathText(error: Pick<ServiceFieldError, 'path' | 'location'>): string {
  const parts = error.location && error.location !== 'body' ? [error.location, ...error.path] : error.path;
  return parts.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
}

function fromLoc(loc: unknown): Pick<ServiceFieldError, 'path' | 'location'> {
  const parts = Array.isArray(loc)
    ? loc.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number')
    : typeof loc === 'string'
      ? [loc]
      : [];
  const first = parts[0];
  if (typeof first === 'string' && LOCATIONS.has(first)) return { location: first, path: parts.slice(1) };
  return { path: parts };
}

/** `#/age`, `/items/0/name` (JSON Pointer, RFC 6901) as a path. */
function fromPointer(pointer: string): (string | number)[] {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

function pydanticItem(item: unknown): ServiceFieldError | undefined {
  if (!isObject(item)) return undefined;
  const message = text(item.msg) ?? text(item.message);
  if (!message) return undefined;
  return { ...fromLoc(item.loc), message, ...(typeof item.type === 'string' ? { type: item.type } : {}) };
}

/** RFC 9457 `errors` (an array of `{detail, pointer}`-like items, or ASP.NET's `{field: [messages]}`), RFC 7807 `invalid-params`. */
function problemErrors(body: Record<string, unknown>): ServiceFieldError[] {
  const out: ServiceFieldError[] = [];
  const list = body.errors ?? body['invalid-params'];
  if (Array.isArray(list)) {
    for (const item of list) {
      if (!isObject(item)) continue;
      const message = text(item.detail) ?? text(item.message) ?? text(item.reason) ?? text(item.msg);
      if (!message) continue;
      const pointer = text(item.pointer) ?? text(item.path);
      const name = text(item.field) ?? text(item.name) ?? text(item.parameter) ?? text(item.header);
      const where =
        item.loc !== undefined ? fromLoc(item.loc) : { path: pointer ? fromPointer(pointer) : name ? [name] : [] };
      out.push({ ...where, message });
    }
  } else if (isObject(list)) {
    for (const [field, messages] of Object.entries(list)) {
      for (const m of Array.isArray(messages) ? messages : [messages]) {
        const message = text(m);
        if (message) out.push({ path: fromPointer(field.replace(/\./g, '/')), message });
      }
    }
  }
  return out;
}

function headlineOf(fieldErrors: ServiceFieldError[]): string {
  return fieldErrors
    .map((e) => (e.path.length || e.location ? `${fieldPathText(e)}: ${e.message}` : e.message))
    .join('; ');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const n = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function stripTags(html: string): string {
  return decodeEntities(html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]*>/g, ' '));
}

const looksLikeHtml = (body: string, contentType: string | undefined) =>
  /\bhtml\b/i.test(contentType ?? '') || /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(body);

/** An HTML error page's title, or its first heading, or its text: tags stripped, one line. */
export function htmlHeadline(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1];
  const heading = /<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]\s*>/i.exec(html)?.[1];
  for (const candidate of [title, heading]) {
    const shown = candidate === undefined ? '' : squeeze(stripTags(candidate));
    if (shown) return shown;
  }
  const body = /<body[^>]*>([\s\S]*)/i.exec(html)?.[1] ?? html;
  return squeeze(stripTags(body));
}

function fromJson(status: number, json: unknown): ErrorBody | undefined {
  const documented = asErrorResponse(json);
  if (documented)
    return { status, code: documented.code, message: documented.message, fieldErrors: [], dialect: 'error_response' };
  if (!isObject(json)) return undefined;
  const base = { status, fieldErrors: [] as ServiceFieldError[] };
  const code = codeOf(json.code);
  const withCode = code === undefined ? {} : { code };

  const { detail } = json;
  const problem = typeof json.title === 'string' || (typeof json.type === 'string' && 'status' in json);
  if (!problem && detail !== undefined) {
    if (typeof detail === 'string') return { ...base, ...withCode, message: detail.trim(), dialect: 'fastapi_detail' };
    if (Array.isArray(detail)) {
      const fieldErrors = detail.map(pydanticItem).filter((e): e is ServiceFieldError => e !== undefined);
      const strings = detail.map(text).filter((s): s is string => s !== undefined);
      if (fieldErrors.length || strings.length)
        return {
          ...base,
          ...withCode,
          fieldErrors,
          message: [headlineOf(fieldErrors), ...strings].filter(Boolean).join('; '),
          dialect: 'pydantic',
        };
    }
    // HTTPException(detail={...}): the service's own object inside FastAPI's envelope.
    if (isObject(detail)) {
      const inner = fromJson(status, detail);
      if (inner && inner.dialect !== 'json') return { ...inner, dialect: 'fastapi_detail' };
    }
  }
  if (problem) {
    const fieldErrors = problemErrors(json);
    const message = text(detail) ?? text(json.title) ?? headlineOf(fieldErrors);
    if (message) return { ...base, ...withCode, fieldErrors, message, dialect: 'problem_details' };
  }
  const { error } = json;
  if (isObject(error)) {
    const message = text(error.message) ?? text(error.detail) ?? text(error.description);
    const innerCode = codeOf(error.code) ?? codeOf(error.type) ?? code;
    if (message)
      return {
        ...base,
        ...(innerCode === undefined ? {} : { code: innerCode }),
        fieldErrors: problemErrors(error),
        message,
        dialect: 'error_object',
      };
  }
  if (typeof error === 'string' && error.trim()) {
    // OAuth: {"error": "invalid_token", "error_description": "The access token expired"}.
    const description = text(json.error_description);
    return {
      ...base,
      ...(description ? { code: error.trim() } : withCode),
      message: description ?? error.trim(),
      dialect: 'error_string',
    };
  }
  const message = text(json.message) ?? text(json.msg);
  if (message) return { ...base, ...withCode, message, dialect: 'message' };
  return undefined;
}

/**
 * Any error answer as `{status, code?, message, fieldErrors, dialect}`. Never throws: a body nothing here
 * understands is shown as its own text (JSON compacted, at most HEADLINE_MAX characters).
 */
export function readErrorBody(status: number, body: string, contentType?: string): ErrorBody {
  const base = { status, fieldErrors: [] as ServiceFieldError[] };
  const trimmed = body.trim();
  if (!trimmed) return { ...base, message: '', dialect: 'empty' };
  let json: unknown;
  let isJson = false;
  try {
    json = JSON.parse(trimmed);
    isJson = true;
  } catch {
    // Not JSON: text or HTML below.
  }
  if (isJson) {
    const read = fromJson(status, json);
    if (read) return read;
    return { ...base, message: squeeze(JSON.stringify(json)), dialect: 'json' };
  }
  if (looksLikeHtml(trimmed, contentType)) return { ...base, message: htmlHeadline(trimmed), dialect: 'html' };
  return { ...base, message: squeeze(trimmed), dialect: 'text' };
}

/** How a dialect is named in the request log's drift note. */
export const DIALECT_NAMES: Record<ErrorDialect, string> = {
  error_response: 'ErrorResponse {code, message}',
  fastapi_detail: 'FastAPI {"detail": "…"}',
  pydantic: 'FastAPI validation {"detail": [{loc, msg, type}]}',
  problem_details: 'RFC 9457 problem details',
  error_object: '{"error": {"message": …}}',
  error_string: '{"error": "…"}',
  message: '{"message": "…"}',
  json: 'JSON of an unknown shape',
  text: 'plain text',
  html: 'an HTML page',
  empty: 'an empty body',
};

/**
 * Splits the field errors of a 422 between the fields a form has (`fieldFor` names the form field of a
 * path, or undefined) and the rest, which the form lists with their paths. Only body fields (or errors
 * without a location) can belong to a form.
 */
export function matchFieldErrors<F extends string>(
  errors: readonly ServiceFieldError[],
  fieldFor: (path: readonly (string | number)[]) => F | undefined,
): { matched: { field: F; message: string }[]; others: ServiceFieldError[] } {
  const matched: { field: F; message: string }[] = [];
  const others: ServiceFieldError[] = [];
  for (const error of errors) {
    const field = error.location === undefined || error.location === 'body' ? fieldFor(error.path) : undefined;
    if (field === undefined) others.push(error);
    else if (!matched.some((m) => m.field === field)) matched.push({ field, message: error.message });
    else matched.find((m) => m.field === field)!.message += `; ${error.message}`;
  }
  return { matched, others };
}
