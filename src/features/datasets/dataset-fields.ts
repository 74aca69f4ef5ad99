import { DatasetRecord, type DriftWarning } from '../../contract';
import { ALL_FIELDS, NESTED_OBJECTS, SECTION_OF, type FieldSpec, type SectionId } from './dataset-layout';

/**
 * One field as the page reads it: the console's normalised value, or — when the service sent
 * something the console cannot read as documented (a string for a number) — the value as sent.
 */
export type FieldRead = { state: 'value'; value: unknown } | { state: 'raw'; value: unknown } | { state: 'missing' };

/** An answer's two views: what the console normalised and what the service sent. */
export interface DatasetAnswer {
  record: unknown;
  raw: unknown;
}

function valueAtPath(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

export function readField(answer: DatasetAnswer, path: string): FieldRead {
  const value = valueAtPath(answer.record, path);
  if (value !== undefined) return { state: 'value', value };
  const raw = valueAtPath(answer.raw, path);
  if (raw !== undefined) return { state: 'raw', value: raw };
  return { state: 'missing' };
}

/** Paths of fields the service sent that the Dataset record does not document, nested ones included. */
export function unknownFieldPaths(raw: unknown): string[] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
  const known = new Set(Object.keys(DatasetRecord.fields));
  const out: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (!known.has(key)) {
      out.push(key);
      continue;
    }
    const nestedKnown = NESTED_OBJECTS[key];
    if (nestedKnown && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const inner of Object.keys(value)) {
        if (!nestedKnown.includes(inner)) out.push(`${key}.${inner}`);
      }
    }
  }
  return out;
}

/** `$.retrieval_chunk_expansion.pre_count` → `retrieval_chunk_expansion.pre_count`; array positions go to their array. */
export function driftFieldPath(jsonPath: string): string {
  const bare = jsonPath.replace(/^\$\.?/, '');
  const bracket = bare.indexOf('[');
  return bracket === -1 ? bare : bare.slice(0, bracket);
}

/**
 * The drift warnings that concern one field: its own, its parent object's (the whole object missing
 * or mis-typed) and its elements' (`$.retrieval_recall_strategy_ids[1]`).
 */
export function warningsFor(fieldPath: string, warnings: readonly DriftWarning[]): DriftWarning[] {
  return warnings.filter((w) => {
    const p = driftFieldPath(w.path);
    if (p === '') return false;
    return p === fieldPath || fieldPath.startsWith(`${p}.`) || p.startsWith(`${fieldPath}.`);
  });
}

/** Why a field is flagged. Drift comes from the contract's check; bounds and length are the page's own reading of LIMITS. */
export type FieldFlag =
  | { source: 'drift'; warning: DriftWarning }
  | { source: 'bounds'; value: number; min: number; max: number }
  | { source: 'length'; length: number; max: number };

/** The page's own bounds check: a value outside its documented range or over its documented length. */
function boundsFlag(spec: FieldSpec, read: FieldRead): FieldFlag | undefined {
  if (read.state !== 'value') return undefined;
  const { kind } = spec;
  if (kind.type === 'bounded' && typeof read.value === 'number' && (read.value < kind.min || read.value > kind.max)) {
    return { source: 'bounds', value: read.value, min: kind.min, max: kind.max };
  }
  const max = kind.type === 'prompt' ? kind.maxLength : kind.type === 'text' ? kind.maxLength : undefined;
  if (max !== undefined && typeof read.value === 'string' && read.value.length > max) {
    return { source: 'length', length: read.value.length, max };
  }
  return undefined;
}

/** Everything flagged on one field; the page's own bounds flag only when no drift warning already says "out of range". */
export function fieldFlags(spec: FieldSpec, read: FieldRead, warnings: readonly DriftWarning[]): FieldFlag[] {
  const drift = warningsFor(spec.path, warnings);
  const flags: FieldFlag[] = drift.map((warning) => ({ source: 'drift', warning }));
  const own = boundsFlag(spec, read);
  if (own && !drift.some((w) => w.kind === 'range')) flags.push(own);
  return flags;
}

/** JSON with sorted keys, so two objects that differ only in key order compare equal. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

function comparable(read: FieldRead): string {
  return read.state === 'missing' ? '\u0000missing' : `${read.state}:${stableJson(read.value)}`;
}

/** One dataset field as the two compared datasets hold it. */
export interface FieldComparison {
  path: string;
  /** The documented field, or undefined for a field only the service knows about. */
  spec?: FieldSpec;
  section: SectionId | 'unknown';
  a: FieldRead;
  b: FieldRead;
  differs: boolean;
}

/**
 * Every documented field of two datasets, then the undocumented ones either sent.
 * Normalised values are compared, so a flag sent as `1` equals one sent as `true`.
 */
export function compareDatasets(a: DatasetAnswer, b: DatasetAnswer): FieldComparison[] {
  const row = (path: string, spec: FieldSpec | undefined, section: FieldComparison['section']): FieldComparison => {
    const ra = readField(a, path);
    const rb = readField(b, path);
    return { path, spec, section, a: ra, b: rb, differs: comparable(ra) !== comparable(rb) };
  };
  const documented = ALL_FIELDS.map((spec) => row(spec.path, spec, SECTION_OF.get(spec.path) ?? 'other'));
  const extra = [...new Set([...unknownFieldPaths(a.raw), ...unknownFieldPaths(b.raw)])].map((path) =>
    row(path, undefined, 'unknown'),
  );
  return [...documented, ...extra];
}

/** Consecutive rows of one section together, in order: the stacked comparison gives each section a heading and a list. */
export function groupBySection(
  rows: readonly FieldComparison[],
): { section: FieldComparison['section']; rows: FieldComparison[] }[] {
  const groups: { section: FieldComparison['section']; rows: FieldComparison[] }[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last.section === row.section) last.rows.push(row);
    else groups.push({ section: row.section, rows: [row] });
  }
  return groups;
}
