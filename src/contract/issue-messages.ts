import type { z } from 'zod/mini';

/**
 * English issue messages for the issues the contract's schemas can raise, written here rather than loading
 * zod's locale (zod/mini ships none: every issue would read "Invalid input"). They are built from the
 * issue's code and bounds, and name no field: callers put the JSON path in front. A schema's own
 * `{ error }` text always wins over these.
 */

const SIZED: Partial<Record<string, string>> = {
  string: ' characters',
  array: ' items',
  set: ' items',
  map: ' entries',
  file: ' bytes',
};

/** "a string", "an integer", "an object". */
function kind(type: string): string {
  if (type === 'int') return 'an integer';
  if (type === 'null' || type === 'undefined') return type;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/** What was received: short, and the value itself when it is a number or a boolean. */
function received(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return kind(typeof value);
}

const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

function orList(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');
}

/** What one union option wanted, when its first issue says so at the option's own level. */
function wanted(issues: ReadonlyArray<z.core.$ZodIssue>): string | undefined {
  const first = issues[0];
  if (!first || first.path.length > 0) return undefined;
  if (first.code === 'invalid_type') return kind(first.expected);
  if (first.code === 'invalid_value') return first.values.map(show).join(' or ');
  return undefined;
}

function bound(
  verb: string,
  limit: number | bigint,
  origin: string,
  inclusive: boolean | undefined,
  exact: boolean | undefined,
  upper: boolean,
): string {
  const unit = SIZED[origin] ?? '';
  const relation = exact
    ? 'exactly'
    : upper
      ? inclusive
        ? 'at most'
        : 'less than'
      : inclusive
        ? 'at least'
        : 'more than';
  return `${verb} ${relation} ${String(limit)}${unit}`;
}

export const issueMessage: z.core.$ZodErrorMap = (issue) => {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined)
        return issue.expected === 'nonoptional' ? 'is missing' : `is missing (expected ${kind(issue.expected)})`;
      return `expected ${kind(issue.expected)}, got ${received(input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${show(issue.values[0])}`
        : `must be one of ${issue.values.map(show).join(', ')}`;
    case 'too_big':
      return bound(
        issue.origin === 'array' || issue.origin === 'set' ? 'must have' : 'must be',
        issue.maximum,
        issue.origin,
        issue.inclusive,
        issue.exact,
        true,
      );
    case 'too_small':
      if (issue.minimum === 1 && issue.inclusive && SIZED[issue.origin]) return 'must not be empty';
      return bound(
        issue.origin === 'array' || issue.origin === 'set' ? 'must have' : 'must be',
        issue.minimum,
        issue.origin,
        issue.inclusive,
        issue.exact,
        false,
      );
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern
        ? `must match ${issue.pattern}`
        : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_union': {
      const options = issue.errors.map(wanted);
      if (options.length > 0 && options.every((o) => o !== undefined)) {
        return input === undefined
          ? `is missing (expected ${orList(options)})`
          : `expected ${orList(options)}, got ${received(input)}`;
      }
      return 'matches none of the accepted forms';
    }
    case 'invalid_key':
      return 'has a key that is not valid';
    case 'invalid_element':
      return 'has an element that is not valid';
    default:
      return 'is not valid';
  }
};
