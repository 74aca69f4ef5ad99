import { z } from './zod';
import { driftFromIssues, type ParseResult } from './drift';
import { enumValues, type EnumTable } from './enums';

/**
 * A documented field seen two ways: `documented` is what the spec promises (used to report drift),
 * `tolerant` is what the console accepts and normalises (used to get data). They differ on purpose:
 * chunk_size 4096 is drift but still shown; a flag as `true` or `1` is not drift and becomes `true`.
 */
export interface Field<D extends z.ZodMiniType = z.ZodMiniType, T extends z.ZodMiniType = z.ZodMiniType> {
  documented: D;
  tolerant: T;
}

const field = <D extends z.ZodMiniType, T extends z.ZodMiniType>(documented: D, tolerant: T): Field<D, T> => ({
  documented,
  tolerant,
});

const boolFromWire = z.union([
  z.boolean(),
  z.pipe(
    z.literal(0),
    z.transform(() => false),
  ),
  z.pipe(
    z.literal(1),
    z.transform(() => true),
  ),
]);

/** A number where a string is documented, read as its decimal text. */
const numberAsString = () =>
  z.pipe(
    z.number(),
    z.transform((n: number) => String(n)),
  );

const numericString = z.pipe(z.string().check(z.regex(/^-?\d+$/)), z.transform(Number));

const isOneOf = (table: EnumTable) =>
  z.refine<number>((v) => enumValues(table).includes(v), { error: `expected one of ${enumValues(table).join(', ')}` });

export const f = {
  str: (max?: number) => field(max === undefined ? z.string() : z.string().check(z.maxLength(max)), z.string()),
  /** Ids are strings on the wire; a number is drift but still usable. */
  id: () => field(z.string(), z.union([z.string(), numberAsString()])),
  int: (min?: number, max?: number) => {
    let documented = z.int();
    if (min !== undefined) documented = documented.check(z.gte(min));
    if (max !== undefined) documented = documented.check(z.lte(max));
    return field(documented, z.number());
  },
  num: () => field(z.number(), z.number()),
  /** Documented as 0/1, sampled as JSON booleans: both are accepted without drift and become booleans. */
  flag: () =>
    field(z.union([z.literal(0), z.literal(1), z.boolean()], { error: 'expected 0, 1 or a boolean' }), boolFromWire),
  bool: () => field(z.boolean(), boolFromWire),
  /** Integer; seconds or milliseconds (see timestampToMs). */
  timestamp: () => field(z.int(), z.number()),
  enumInt: (table: EnumTable) => field(z.int().check(isOneOf(table)), z.number()),
  enumIntArray: (table: EnumTable) => field(z.array(z.int().check(isOneOf(table))), z.array(z.number())),
  strArray: () => field(z.array(z.string()), z.array(z.union([z.string(), numberAsString()]))),
  /** An array whose element fields the spec does not show. */
  anyArray: () => field(z.array(z.unknown()), z.array(z.unknown())),
  /** Documented as an integer; a numeric string is drift but parses to the same number. */
  intOrNumericString: () => field(z.int(), z.union([z.number(), numericString])),
  nested: <D extends z.ZodMiniType, T extends z.ZodMiniType>(record: { documented: D; tolerant: T }) =>
    field(record.documented, record.tolerant),
};

type FieldMap = Record<string, Field>;

type TolerantShape<S extends FieldMap, R extends keyof S> = {
  [K in keyof S]: K extends R ? S[K]['tolerant'] : z.ZodMiniCatch<z.ZodMiniOptional<S[K]['tolerant']>>;
};
type DocumentedShape<S extends FieldMap> = { [K in keyof S]: S[K]['documented'] };

export interface RecordDef<S extends FieldMap, R extends keyof S> {
  fields: S;
  /** The documented shape, strict about types, bounds and (unless extras are allowed) unknown fields. */
  documented: z.ZodMiniObject<DocumentedShape<S>>;
  /** What the console reads: unknown fields kept, a mis-typed optional field dropped (and reported as drift). */
  tolerant: z.ZodMiniObject<TolerantShape<S, R>, z.core.$loose>;
  parse(raw: unknown): ParseResult<z.output<z.ZodMiniObject<TolerantShape<S, R>, z.core.$loose>>>;
}

/**
 * Builds both views of a record from one field list.
 * `required` names the fields without which the answer cannot be used at all.
 */
export function defineRecord<S extends FieldMap, R extends keyof S = never>(
  fields: S,
  options: { required?: readonly R[]; extraFields?: 'drift' | 'expected' } = {},
): RecordDef<S, R> {
  const required = new Set<PropertyKey>(options.required ?? []);
  const documentedShape: Record<string, z.ZodMiniType> = {};
  const tolerantShape: Record<string, z.ZodMiniType> = {};
  for (const [key, def] of Object.entries(fields)) {
    documentedShape[key] = def.documented;
    tolerantShape[key] = required.has(key) ? def.tolerant : z.catch(z.optional(def.tolerant), undefined);
  }
  const documented = (options.extraFields === 'expected'
    ? z.looseObject(documentedShape)
    : z.strictObject(documentedShape)) as unknown as z.ZodMiniObject<DocumentedShape<S>>;
  const tolerant = z.looseObject(tolerantShape) as unknown as z.ZodMiniObject<TolerantShape<S, R>, z.core.$loose>;
  return {
    fields,
    documented,
    tolerant,
    parse: (raw) => parseAnswer(documented, tolerant, raw),
  };
}

/** Documented check for drift, tolerant parse for data. Only an unusable answer fails. */
export function parseAnswer<T extends z.ZodMiniType>(
  documented: z.ZodMiniType,
  tolerant: T,
  raw: unknown,
): ParseResult<z.output<T>> {
  const check = documented.safeParse(raw);
  const drift = check.success ? [] : driftFromIssues(raw, check.error.issues);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return {
      ok: false,
      reason: `expected a JSON object, got ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw}`,
      drift,
    };
  }
  const data = tolerant.safeParse(raw);
  if (!data.success) {
    const first = data.error.issues[0];
    return {
      ok: false,
      reason: `unusable answer: ${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'}`,
      drift,
    };
  }
  return { ok: true, data: data.data, drift };
}
