import { KnowledgeReadRecord } from '../../contract';

const DOCUMENTED = new Set(Object.keys(KnowledgeReadRecord.fields));

/** The fields of a "with settings" answer beyond KnowledgeRead (the spec does not name them), in answer order. */
export function extraFields(raw: unknown): [string, unknown][] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
  return Object.entries(raw as Record<string, unknown>).filter(([key]) => !DOCUMENTED.has(key));
}

/** A value is shown inline when it is a scalar, as a nested table when it is a flat-ish object, else as JSON. */
export type ValueShape = 'scalar' | 'object' | 'json';

export function shapeOf(value: unknown): ValueShape {
  if (value === null || typeof value !== 'object') return 'scalar';
  if (Array.isArray(value)) return value.every((v) => v === null || typeof v !== 'object') ? 'scalar' : 'json';
  return 'object';
}

/** A scalar (or an array of scalars) in one line; strings as they are, the rest as JSON. */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return `[${value.map((v) => (typeof v === 'string' ? JSON.stringify(v) : String(v))).join(', ')}]`;
  return JSON.stringify(value) ?? String(value);
}
