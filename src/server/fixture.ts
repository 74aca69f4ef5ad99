import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  AgentRecord,
  ConversationRecord,
  DatasetRecord,
  KnowledgeReadRecord,
  LIMITS,
  enumValues,
  jsonPath,
  type EnumTable,
  type FieldMap,
  type FieldShape,
} from '../contract';

/**
 * The fixture file: one JSON object whose records use the API's own field names. The records the service
 * answers with (agents, datasets, knowledge bases, conversations) are read by schemas derived from the
 * contract's records; documents and spaces are the sandbox's own. Omitted fields take the documented
 * defaults (the spec's sample values); flags may be 0/1 or booleans and are stored as booleans. Unknown
 * fields are refused so a misspelt field is caught, not ignored.
 */

const C = LIMITS.conversation;

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'must be 0, 1, true or false' })
  .transform((v) => v === true || v === 1);
const text = (max?: number) =>
  max === undefined
    ? z.string({ error: 'must be a string' })
    : z.string({ error: 'must be a string' }).max(max, { error: `must be at most ${max} characters` });
const id = z
  .string({ error: 'must be a string id' })
  .regex(/^[^/\s]+$/, { error: 'must be a non-empty id without "/" or spaces' });
const numericId = z
  .string({ error: 'must be a numeric string' })
  .regex(/^\d{1,15}$/, { error: 'must be a numeric string of at most 15 digits' });
const int = (min?: number, max?: number) => {
  let s = z.int({ error: 'must be an integer' });
  if (min !== undefined) s = s.min(min, { error: `must be at least ${min}` });
  if (max !== undefined) s = s.max(max, { error: `must be at most ${max}` });
  return s;
};
const enumInt = (table: EnumTable) =>
  z
    .int({ error: 'must be an integer' })
    .refine((v) => enumValues(table).includes(v), { error: `must be one of ${enumValues(table).join(', ')}` });

/** A documented field as the fixture reads it: the contract's shape, with messages that name the rule. */
function fixtureField(shape: FieldShape, defaults?: unknown): z.ZodType {
  switch (shape.type) {
    case 'string':
      return text(shape.max);
    case 'id':
      return id;
    case 'int':
      return int(shape.min, shape.max);
    case 'number':
      return z.number({ error: 'must be a number' });
    case 'flag':
    case 'bool':
      return flag;
    case 'timestamp':
      return int(0);
    case 'enum':
      return enumInt(shape.table);
    case 'enumList':
      return z.array(enumInt(shape.table), { error: 'must be an array of integers' });
    case 'stringList':
      return z.array(text(), { error: 'must be an array of strings' });
    case 'list':
      return z.array(z.unknown(), { error: 'must be an array' });
    case 'intOrNumericString':
      return z.union([int(), numericId]);
    case 'nested': {
      const inner = defaults && typeof defaults === 'object' ? (defaults as Record<string, unknown>) : {};
      const names = Object.keys(shape.fields);
      return z.strictObject(
        Object.fromEntries(
          names.map((name) => {
            const schema = fixtureField(shape.fields[name]!.shape);
            return [name, name in inner ? schema.default(inner[name]) : schema];
          }),
        ),
        { error: `must be an object {${names.join(', ')}}` },
      );
    }
  }
}

type WireOf<Rec extends { documented: z.core.$ZodType }> = z.input<Rec['documented']>;
/** What a fixture record holds once read: the required and defaulted fields always, the rest when given. */
type Seed<W, R extends keyof W, D extends keyof W> = { [K in R | D]-?: Exclude<W[K], undefined> } & {
  [K in Exclude<keyof W, R | D>]?: W[K];
};
/** What a fixture file may say for a record: the required fields, and any other documented field. */
type SeedInput<W, R extends keyof W> = { [K in R]: W[K] } & { [K in Exclude<keyof W, R>]?: W[K] };

interface SeedRules<W, R extends keyof W, D extends keyof W, O extends keyof W> {
  /** Fields a record cannot do without. */
  required: readonly R[];
  /** The documented defaults (the spec's sample values) of the fields a file may leave out. */
  defaults: { [K in D]: W[K] };
  /** Fields the sandbox joins itself at read time: not accepted from the file. */
  omit?: readonly O[];
  /** The sandbox's own stricter rules for a few fields (ids without "/", a score between 0 and 1, …). */
  stricter?: { [K in keyof W]?: z.ZodType };
}

/**
 * A fixture record's schema, derived from the contract's record: every documented field is accepted under
 * its own name and rule (a new field in the contract is a new field here), unknown fields are refused (a
 * misspelt field is caught, not ignored), and omitted fields take the documented defaults or stay absent.
 */
function fixtureRecord<
  Rec extends { fields: FieldMap; documented: z.core.$ZodType },
  const R extends keyof WireOf<Rec> & string,
  const D extends keyof WireOf<Rec> & string,
  const O extends keyof WireOf<Rec> & string = never,
>(
  record: Rec,
  rules: SeedRules<WireOf<Rec>, R, D, O>,
): z.ZodType<Omit<Seed<WireOf<Rec>, R, D>, O>, Omit<SeedInput<WireOf<Rec>, R>, O>> {
  const defaults = rules.defaults as Record<string, unknown>;
  const stricter = (rules.stricter ?? {}) as Record<string, z.ZodType | undefined>;
  const omitted = new Set<string>(rules.omit ?? []);
  const required = new Set<string>(rules.required);
  const shape: Record<string, z.ZodType> = {};
  for (const [name, def] of Object.entries(record.fields)) {
    if (omitted.has(name)) continue;
    const schema = stricter[name] ?? fixtureField(def.shape, defaults[name]);
    shape[name] = required.has(name) ? schema : name in defaults ? schema.default(defaults[name]) : schema.optional();
  }
  // Built from the record's own field list by the rules typed above; zod cannot follow that, so it is said here.
  return z.strictObject(shape) as unknown as z.ZodType<
    Omit<Seed<WireOf<Rec>, R, D>, O>,
    Omit<SeedInput<WireOf<Rec>, R>, O>
  >;
}

const noExpansion = { pre_count: 0, next_count: 0 };

export const FixtureAgent = fixtureRecord(AgentRecord, {
  required: ['agent_id', 'name'],
  defaults: { mode: '', icon: '' },
  // Conversations name their agent by agent_id, whose documented limit applies here too.
  stricter: { agent_id: text(C.agentIdMax).pipe(id) },
});

/** document_count may be given but is ignored: the sandbox counts the documents itself. */
export const FixtureDataset = fixtureRecord(DatasetRecord, {
  required: ['dataset_id', 'name'],
  defaults: {
    type: 1,
    description: '',
    advanced_enabled: 2,
    score_threshold: 0.5,
    top_k: 5,
    generate_metadata_enabled: false,
    generate_metadata_prompt: '',
    overall_summarize_enabled: false,
    overall_summarize_prompt: '',
    smart_indexing_enabled: false,
    smart_indexing_prompt: '',
    retrieval_filter_entity_enabled: false,
    retrieval_filter_period_enabled: false,
    retrieval_recall_strategy_ids: [],
    retrieval_context_mode: 1,
    split_media_enabled: false,
    chunk_size: 512,
    chunk_overlap: 102,
    qa_pairs_return_direct: false,
    qa_pairs_score_threshold: 0.9,
    generate_qa_pairs_enabled: false,
    generate_qa_pairs_prompt: '',
    refine_user_question_enabled: false,
    refine_user_question_prompt: '',
    pdf_parsing_mode: 1,
    audio_parsing_mode: 1,
    status: 1,
    filter_attributes: [],
    retrieval_segment_expansion: noExpansion,
    retrieval_chunk_expansion: noExpansion,
  },
  stricter: {
    score_threshold: z
      .number({ error: 'must be a number' })
      .min(0, { error: 'must be at least 0' })
      .max(1, { error: 'must be at most 1' }),
    top_k: int(1, 100),
  },
});

/** total_files may be given but is ignored: it counts the documents not deleted. */
export const FixtureKnowledge = fixtureRecord(KnowledgeReadRecord, {
  required: ['knowledge_id', 'dataset_id', 'name'],
  defaults: {
    description: '',
    icon: '',
    category: '',
    personal: false,
    owned_delete_permission: true,
    status: 1,
    org_id: '',
    user_id: '',
    default_folder_id: '',
  },
  // Not an id the sandbox looks up: any text, empty included.
  stricter: { default_folder_id: text() },
});

export const FixtureConversation = fixtureRecord(ConversationRecord, {
  required: ['conversation_id', 'agent_id'],
  defaults: {
    title: '',
    file_ids: [],
    config: { enable_websearch: false },
    status: 1,
    third_user_id: '',
    org_id: '',
    user_id: '',
    user_files: [],
  },
  // The agent is joined from `agents` by agent_id when a conversation is read.
  omit: ['agent'],
});

export const FixtureDocument = z.strictObject({
  document_id: numericId,
  knowledge_id: id,
  name: text().min(1, { error: 'must not be empty' }),
  description: text().default(''),
  url: text().default(''),
  text: text(),
});

export const FixtureSpace = z.strictObject({
  space_id: numericId,
  name: text(),
  dataset_ids: z.array(id, { error: 'must be an array of dataset ids' }),
  /** Questions the space answers from its documents: the console offers them on an empty playground (the sandbox's). */
  sample_questions: z
    .array(text(500).min(1, { error: 'must not be empty' }), { error: 'must be an array of strings' })
    .max(10, { error: 'must hold at most 10 questions' })
    .default([]),
});

export const FixtureFile = z.strictObject({
  /** Optional note for people reading the file; ignored. */
  $comment: z.string().optional(),
  tokens: z
    .array(z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }), {
      error: 'must be an array of strings',
    })
    .default([]),
  agents: z.array(FixtureAgent, { error: 'must be an array' }).default([]),
  datasets: z.array(FixtureDataset, { error: 'must be an array' }).default([]),
  knowledge: z.array(FixtureKnowledge, { error: 'must be an array' }).default([]),
  documents: z.array(FixtureDocument, { error: 'must be an array' }).default([]),
  conversations: z.array(FixtureConversation, { error: 'must be an array' }).default([]),
  spaces: z.array(FixtureSpace, { error: 'must be an array' }).default([]),
});

export type Fixture = z.output<typeof FixtureFile>;
export type FixtureInput = z.input<typeof FixtureFile>;
export type DatasetSeed = z.output<typeof FixtureDataset>;
export type KnowledgeSeed = z.output<typeof FixtureKnowledge>;
export type DocumentSeed = z.output<typeof FixtureDocument>;
export type ConversationSeed = z.output<typeof FixtureConversation>;
export type AgentSeed = z.output<typeof FixtureAgent>;
export type SpaceSeed = z.output<typeof FixtureSpace>;

export class FixtureError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`fixture ${source} refused:\n  ${problems.join('\n  ')}`);
    this.name = 'FixtureError';
  }
}

const where = (path: ReadonlyArray<PropertyKey>) => jsonPath(path).replace(/^\$\.?/, '') || '(root)';

/** Validates a parsed fixture; throws FixtureError naming each bad record and field (e.g. `datasets[2].chunk_size`). */
export function parseFixture(raw: unknown, source = 'fixture'): Fixture {
  const parsed = FixtureFile.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 20).map((issue) => {
      if (issue.code === 'unrecognized_keys')
        return `${where(issue.path as PropertyKey[])}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
      return `${where(issue.path as PropertyKey[])}: ${issue.message}`;
    });
    throw new FixtureError(source, problems);
  }
  const problems = crossCheck(parsed.data);
  if (problems.length > 0) throw new FixtureError(source, problems.slice(0, 20));
  return parsed.data;
}

export function loadFixtureFile(path: string): Fixture {
  let textValue: string;
  try {
    textValue = readFileSync(path, 'utf8');
  } catch (err) {
    throw new FixtureError(path, [`cannot read the file: ${err instanceof Error ? err.message : String(err)}`]);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(textValue);
  } catch (err) {
    throw new FixtureError(path, [`not valid JSON: ${err instanceof Error ? err.message : String(err)}`]);
  }
  return parseFixture(raw, path);
}

/** Ids unique per kind, and every link pointing at a record that exists. */
function crossCheck(fx: Fixture): string[] {
  const problems: string[] = [];
  const unique = <T>(kind: string, items: T[], key: (item: T) => string) => {
    const seen = new Map<string, number>();
    items.forEach((item, i) => {
      const k = key(item);
      const first = seen.get(k);
      if (first !== undefined) problems.push(`${kind}[${i}]: duplicate id "${k}" (also ${kind}[${first}])`);
      else seen.set(k, i);
    });
    return seen;
  };
  const agents = unique('agents', fx.agents, (a) => a.agent_id);
  const datasets = unique('datasets', fx.datasets, (d) => d.dataset_id);
  const knowledge = unique('knowledge', fx.knowledge, (k) => k.knowledge_id);
  unique('documents', fx.documents, (d) => d.document_id);
  unique('conversations', fx.conversations, (c) => c.conversation_id);
  unique('spaces', fx.spaces, (s) => s.space_id);
  fx.datasets.forEach((d, i) => {
    if (d.chunk_overlap >= d.chunk_size)
      problems.push(`datasets[${i}].chunk_overlap: must be smaller than chunk_size (${d.chunk_size})`);
  });
  fx.knowledge.forEach((k, i) => {
    if (!datasets.has(k.dataset_id)) problems.push(`knowledge[${i}].dataset_id: unknown dataset "${k.dataset_id}"`);
  });
  fx.documents.forEach((d, i) => {
    if (!knowledge.has(d.knowledge_id))
      problems.push(`documents[${i}].knowledge_id: unknown knowledge base "${d.knowledge_id}"`);
  });
  fx.conversations.forEach((c, i) => {
    if (!agents.has(c.agent_id)) problems.push(`conversations[${i}].agent_id: unknown agent "${c.agent_id}"`);
  });
  fx.spaces.forEach((s, i) => {
    s.dataset_ids.forEach((d, j) => {
      if (!datasets.has(d)) problems.push(`spaces[${i}].dataset_ids[${j}]: unknown dataset "${d}"`);
    });
  });
  return problems;
}
