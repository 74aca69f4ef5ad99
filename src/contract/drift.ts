import type { z } from './zod';

/** One way an answer differs from the documented shape. Never fatal on its own. */
export interface DriftWarning {
  /** JSON path of the field, e.g. `$.retrieval_chunk_expansion.pre_count` or `$.document_contents[3]`. */
  path: string;
  kind: 'missing' | 'type' | 'range' | 'unknown_field' | 'value';
  message: string;
}

export type ParseResult<T> =
  { ok: true; data: T; drift: DriftWarning[] } | { ok: false; reason: string; drift: DriftWarning[] };

export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '$';
  for (const key of path) {
    out += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  }
  return out;
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Turns the issues of a documented-shape check into drift warnings with JSON paths. */
export function driftFromIssues(raw: unknown, issues: ReadonlyArray<z.core.$ZodIssue>): DriftWarning[] {
  const out: DriftWarning[] = [];
  for (const issue of issues) {
    const path = issue.path as PropertyKey[];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({
          path: jsonPath([...path, key]),
          kind: 'unknown_field',
          message: `field "${key}" is not in the documented shape`,
        });
      }
      continue;
    }
    const value = valueAt(raw, path);
    if (value === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_union')) {
      out.push({ path: jsonPath(path), kind: 'missing', message: 'documented field is missing' });
    } else if (issue.code === 'too_big' || issue.code === 'too_small') {
      out.push({
        path: jsonPath(path),
        kind: 'range',
        message: `${JSON.stringify(value)?.slice(0, 40) ?? describe(value)}: ${issue.message}`,
      });
    } else if (issue.code === 'invalid_type' || issue.code === 'invalid_union') {
      out.push({ path: jsonPath(path), kind: 'type', message: issue.message });
    } else {
      out.push({ path: jsonPath(path), kind: 'value', message: issue.message });
    }
  }
  return out;
}
