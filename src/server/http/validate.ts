import { z } from 'zod';
import { jsonPath } from '../../contract';
import { HttpError, type ValidationIssue } from './errors';

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const TYPE_NAMES: Record<string, [type: string, msg: string]> = {
  string: ['string_type', 'Input should be a valid string'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  // zod reports z.int() as expecting a number; every number in the request bodies is an integer.
  int: ['int_type', 'Input should be a valid integer'],
  number: ['int_type', 'Input should be a valid integer'],
  array: ['list_type', 'Input should be a valid list'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  record: ['dict_type', 'Input should be a valid dictionary'],
};

/** A zod issue as Pydantic 2 would word it (type, msg, ctx), at `loc` = ["body", ...path]. */
export function pydanticIssue(issue: z.core.$ZodIssue, body: unknown): ValidationIssue {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const loc: (string | number)[] = ['body', ...path];
  const input = valueAt(body, path);
  const at = (type: string, msg: string, ctx?: Record<string, unknown>): ValidationIssue => ({
    type,
    loc,
    msg,
    input,
    ...(ctx ? { ctx } : {}),
  });
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined) return { type: 'missing', loc, msg: 'Field required', input: null };
      const [type, msg] = TYPE_NAMES[issue.expected] ?? ['value_error', issue.message];
      return at(type, msg);
    }
    case 'too_big':
      if (issue.origin === 'string')
        return at('string_too_long', `String should have at most ${issue.maximum} characters`, {
          max_length: Number(issue.maximum),
        });
      if (issue.origin === 'array')
        return at('too_long', `List should have at most ${issue.maximum} items`, { max_length: Number(issue.maximum) });
      return at('less_than_equal', `Input should be less than or equal to ${issue.maximum}`, {
        le: Number(issue.maximum),
      });
    case 'too_small':
      if (issue.origin === 'string')
        return at('string_too_short', `String should have at least ${issue.minimum} characters`, {
          min_length: Number(issue.minimum),
        });
      return at('greater_than_equal', `Input should be greater than or equal to ${issue.minimum}`, {
        ge: Number(issue.minimum),
      });
    case 'invalid_format':
      if (issue.format === 'regex' && 'pattern' in issue)
        return at('string_pattern_mismatch', `String should match pattern '${String(issue.pattern)}'`, {
          pattern: String(issue.pattern),
        });
      return at('value_error', `Value error, ${issue.message}`);
    case 'unrecognized_keys':
      return { type: 'extra_forbidden', loc: [...loc, issue.keys[0] ?? ''], msg: 'Extra inputs are not permitted' };
    default:
      return at('value_error', `Value error, ${issue.message}`);
  }
}

/**
 * Validates with a contract schema (zod/mini) or a sandbox one (classic zod): `z.safeParse` reads both.
 * A failure is a 422 whose message names each field and its limit; the FastAPI style answers the same
 * failure as Pydantic's list (see pydanticIssue).
 */
export function parseBodyOr422<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = z.safeParse(schema, body);
  if (parsed.success) return parsed.data;
  const messages = parsed.error.issues.map((issue) => {
    const where = jsonPath(issue.path as PropertyKey[]).replace(/^\$\.?/, '');
    // The contract's own messages already start with the field's name; zod's defaults do not.
    return where === '' || issue.message.startsWith(where.split(/[.[]/)[0] ?? where)
      ? issue.message
      : `${where}: ${issue.message}`;
  });
  const issues = parsed.error.issues.map((issue) => pydanticIssue(issue, body));
  throw new HttpError(422, [...new Set(messages)].join('; '), {}, { issues });
}
