import { z } from 'zod';
import { jsonPath } from '../../contract';
import { HttpError } from './errors';

/**
 * Validates with a contract schema (zod/mini) or a sandbox one (classic zod): `z.safeParse` reads both.
 * A failure is a 422 whose message names each field and its limit.
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
  throw new HttpError(422, [...new Set(messages)].join('; '));
}
