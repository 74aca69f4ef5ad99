import { z } from './zod';
import { driftFromIssues, type ParseResult } from './drift';
import { enumValues, type EnumTable } from './enums';

/**
 * What a field holds, as the spec documents it: enough for another schema (the sandbox's fixture) or a page
 * (the dataset layout) to be derived from the record instead of restating it.
 */
export type FieldShape =
  | { type: 'string'; max?: number }
  | { type: 'id' }
  | { type: 'int'; min?: number; max?: number }
  | { type: 'number' }
  /** Documented as 0/1, sent as 0/1 or a boolean. */
  | { type: 'flag' }
  | { type: 'bool' }
  | { type: 'timestamp' }
  | { type: 'enum'; table: EnumTable }
  | { type: 'enumList'; table: EnumTable }
  | { type: 'stringList' }
  /** An array whose elements the spec does not show. */
  | { type: 'list' }
  | { type: 'intOrNumericString' }
  | { type: 'nested'; fields: FieldMap };

/**
 * A documented field seen two ways: `documented` is what the spec promises (used to report drift),
 * `tolerant` is what the console accepts and normalises (used to get data). They differ on purpose:
 * chunk_size 4096 is drift but still shown; a flag as `true` or `1` is not drift and becomes `true`.
 * `optional` marks a field the spec says may be absent: its absence is not drift.
 */
export interface Field<
  D extends z.ZodMiniType = z.ZodMiniType,
  T extends z.ZodMiniType = z.ZodMiniType,
  S extends FieldShape = FieldShape,
> {
  documented: D;
  tolerant: T;
  shape: S;
  optional?: boolean;
}

/** A value made on first use and kept. */
function once<V>(make: () => V): () => V {
  let made = false;
  let value: V;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

/**
 * A field whose two schemas are built when first read, not when the contract loads: the browser's start-up
 * evaluates every record of the contract, and building all their schemas there cost tens of ms on a cold load
 * (scripts/perf/profile-cold.mjs), where a page reads one or two records.
 */
const field = <D extends z.ZodMiniType, T extends z.ZodMiniType, const S extends FieldShape>(
  documented: () => D,
  tolerant: () => T,
  shape: S,
  optional?: true,
): Field<D, T, S> => {
  const d = once(documented);
  const t = once(tolerant);
  return {
    get documented() {
      return d();
    },
    get tolerant() {
      return t();
    },
    shape,
    ...(optional ? { optional } : {}),
  };
};

const boolFromWire = once(() =>
  z.union([
    z.boolean(),
    z.pipe(
      z.literal(0),
      z.transform(() => false),
    ),
    z.pipe(
      z.literal(1),
      z.transform(() => true),
    ),
  ]),
);

/** A number where a string is documented, read as its decimal text. */
const numberAsString = () =>
  z.pipe(
    z.number(),
    z.transform((n: number) => String(n)),
  );

const numericString = () => z.pipe(z.string().check(z.regex(/^-?\d+$/)), z.transform(Number));

const isOneOf = (table: EnumTable) =>
  z.refine<number>((v) => enumValues(table).includes(v), { error: `expected one of ${enumValues(table).join(', ')}` });

export const f = {
  str: (max?: number) =>
    field(
      () => (max === undefined ? z.string() : z.string().check(z.maxLength(max))),
      () => z.string(),
      { type: 'string', max },
    ),
  /** Ids are strings on the wire; a number is drift but still usable. */
  id: () =>
    field(
      () => z.string(),
      () => z.union([z.string(), numberAsString()]),
      { type: 'id' },
    ),
  int: (min?: number, max?: number) =>
    field(
      () => {
        let documented = z.int();
        if (min !== undefined) documented = documented.check(z.gte(min));
        if (max !== undefined) documented = documented.check(z.lte(max));
        return documented;
      },
      () => z.number(),
      { type: 'int', min, max },
    ),
  num: () =>
    field(
      () => z.number(),
      () => z.number(),
      { type: 'number' },
    ),
  /** Documented as 0/1, sampled as JSON booleans: both are accepted without drift and become booleans. */
  flag: () =>
    field(
      () => z.union([z.literal(0), z.literal(1), z.boolean()], { error: 'expected 0, 1 or a boolean' }),
      boolFromWire,
      { type: 'flag' },
    ),
  bool: () => field(() => z.boolean(), boolFromWire, { type: 'bool' }),
  /** Integer; seconds or milliseconds (see timestampToMs). */
  timestamp: () =>
    field(
      () => z.int(),
      () => z.number(),
      { type: 'timestamp' },
    ),
  enumInt: (table: EnumTable) =>
    field(
      () => z.int().check(isOneOf(table)),
      () => z.number(),
      { type: 'enum', table },
    ),
  enumIntArray: (table: EnumTable) =>
    field(
      () => z.array(z.int().check(isOneOf(table))),
      () => z.array(z.number()),
      { type: 'enumList', table },
    ),
  strArray: () =>
    field(
      () => z.array(z.string()),
      () => z.array(z.union([z.string(), numberAsString()])),
      { type: 'stringList' },
    ),
  /** An array whose element fields the spec does not show. */
  anyArray: () =>
    field(
      () => z.array(z.unknown()),
      () => z.array(z.unknown()),
      { type: 'list' },
    ),
  /** Documented as an integer; a numeric string is drift but parses to the same number. */
  intOrNumericString: () =>
    field(
      () => z.int(),
      () => z.union([z.number(), numericString()]),
      { type: 'intOrNumericString' },
    ),
  nested: <S extends FieldMap, D extends z.ZodMiniType, T extends z.ZodMiniType>(record: {
    fields: S;
    documented: D;
    tolerant: T;
  }) =>
    field(
      () => record.documented,
      () => record.tolerant,
      { type: 'nested', fields: record.fields },
    ),
  /** A field the spec marks optional: absent is not drift; present, it is checked like `inner`. */
  optional: <D extends z.ZodMiniType, T extends z.ZodMiniType, S extends FieldShape>(inner: Field<D, T, S>) =>
    field(
      () => z.optional(inner.documented),
      () => inner.tolerant,
      inner.shape,
      true,
    ) as Field<z.ZodMiniOptional<D>, T, S> & { optional: true },
};

export type FieldMap = Record<string, Field>;

/** Every field's dotted path: `chunk_size`, and for a nested record each of its fields (`retrieval_chunk_expansion.pre_count`). */
export type FieldPath<S extends FieldMap> = {
  [K in keyof S & string]: S[K]['shape'] extends { type: 'nested'; fields: infer N extends FieldMap }
    ? `${K}.${keyof N & string}`
    : K;
}[keyof S & string];

/** The runtime list of FieldPath<S>, in declaration order. */
export function fieldPaths<S extends FieldMap>(fields: S): FieldPath<S>[] {
  return Object.entries(fields).flatMap(([key, def]) =>
    def.shape.type === 'nested' ? Object.keys(def.shape.fields).map((inner) => `${key}.${inner}`) : [key],
  ) as FieldPath<S>[];
}

/** The field at a dotted path (a nested record's own field for `a.b`), or undefined. */
export function fieldAt(fields: FieldMap, path: string): Field | undefined {
  const [head, inner] = path.split('.', 2) as [string, string | undefined];
  const def = Object.prototype.hasOwnProperty.call(fields, head) ? fields[head] : undefined;
  if (inner === undefined) return def;
  return def?.shape.type === 'nested' ? fieldAt(def.shape.fields, inner) : undefined;
}

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
  // Built on first use, like the fields (see field()).
  const documented = once(() => {
    const shape: Record<string, z.ZodMiniType> = {};
    for (const [key, def] of Object.entries(fields)) shape[key] = def.documented;
    return (options.extraFields === 'expected'
      ? z.looseObject(shape)
      : z.strictObject(shape)) as unknown as z.ZodMiniObject<DocumentedShape<S>>;
  });
  const tolerant = once(() => {
    const shape: Record<string, z.ZodMiniType> = {};
    for (const [key, def] of Object.entries(fields))
      shape[key] = required.has(key) ? def.tolerant : z.catch(z.optional(def.tolerant), undefined);
    return z.looseObject(shape) as unknown as z.ZodMiniObject<TolerantShape<S, R>, z.core.$loose>;
  });
  return {
    fields,
    get documented() {
      return documented();
    },
    get tolerant() {
      return tolerant();
    },
    parse: (raw) => parseAnswer(documented(), tolerant(), raw),
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
