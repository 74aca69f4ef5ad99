import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  AUDIO_PARSING_MODE,
  DATASET_TYPE,
  LIMITS,
  PDF_PARSING_MODE,
  RECALL_STRATEGY,
  RETRIEVAL_CONTEXT_MODE,
  enumValues,
  jsonPath,
  type EnumTable,
} from '../contract';

/**
 * The fixture file: one JSON object whose records use the API's own field names.
 * Omitted fields take the documented defaults (the spec's sample values); flags may be 0/1 or booleans
 * and are stored as booleans. Unknown fields are refused so a misspelt field is caught, not ignored.
 */

const C = LIMITS.conversation;
const D = LIMITS.dataset;
const K = LIMITS.knowledge;

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
const timestamp = int(0);
const enumInt = (table: EnumTable) =>
  z
    .int({ error: 'must be an integer' })
    .refine((v) => enumValues(table).includes(v), { error: `must be one of ${enumValues(table).join(', ')}` });
const expansion = z.strictObject(
  { pre_count: int(0), next_count: int(0) },
  { error: 'must be an object {pre_count, next_count}' },
);
const prompt = text(D.promptMax).default('');

export const FixtureAgent = z.strictObject({
  agent_id: text(C.agentIdMax).pipe(id),
  name: text(),
  mode: text().default(''),
  icon: text().default(''),
});

export const FixtureDataset = z.strictObject({
  dataset_id: id,
  name: text(D.nameMax),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
  type: enumInt(DATASET_TYPE).default(1),
  description: text(D.descriptionMax).default(''),
  advanced_enabled: int().default(2),
  score_threshold: z
    .number({ error: 'must be a number' })
    .min(0, { error: 'must be at least 0' })
    .max(1, { error: 'must be at most 1' })
    .default(0.5),
  top_k: int(1, 100).default(5),
  generate_metadata_enabled: flag.default(false),
  generate_metadata_prompt: prompt,
  overall_summarize_enabled: flag.default(false),
  overall_summarize_prompt: prompt,
  smart_indexing_enabled: flag.default(false),
  smart_indexing_prompt: prompt,
  retrieval_filter_entity_enabled: flag.default(false),
  retrieval_filter_period_enabled: flag.default(false),
  retrieval_recall_strategy_ids: z
    .array(enumInt(RECALL_STRATEGY), { error: 'must be an array of integers' })
    .default([]),
  retrieval_context_mode: enumInt(RETRIEVAL_CONTEXT_MODE).default(1),
  split_media_enabled: flag.default(false),
  chunk_size: int(D.chunkSizeMin, D.chunkSizeMax).default(512),
  chunk_overlap: int(D.chunkOverlapMin, D.chunkOverlapMax).default(102),
  qa_pairs_return_direct: flag.default(false),
  qa_pairs_score_threshold: z.number({ error: 'must be a number' }).default(0.9),
  generate_qa_pairs_enabled: flag.default(false),
  generate_qa_pairs_prompt: prompt,
  refine_user_question_enabled: flag.default(false),
  refine_user_question_prompt: prompt,
  pdf_parsing_mode: enumInt(PDF_PARSING_MODE).default(1),
  audio_parsing_mode: enumInt(AUDIO_PARSING_MODE).default(1),
  status: int().default(1),
  filter_attributes: z.array(z.unknown(), { error: 'must be an array' }).default([]),
  retrieval_segment_expansion: expansion.default({ pre_count: 0, next_count: 0 }),
  retrieval_chunk_expansion: expansion.default({ pre_count: 0, next_count: 0 }),
  /** Accepted for convenience but ignored: the sandbox counts the documents itself. */
  document_count: int(0).optional(),
});

export const FixtureKnowledge = z.strictObject({
  knowledge_id: id,
  dataset_id: id,
  name: text(K.nameMax),
  description: text(K.descriptionMax).default(''),
  icon: text(K.iconMax).default(''),
  category: text().default(''),
  personal: flag.default(false),
  owned_delete_permission: flag.default(true),
  status: int().default(1),
  org_id: text().default(''),
  user_id: text().default(''),
  default_folder_id: text().default(''),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
  /** Accepted but ignored: total_files counts the documents not deleted. */
  total_files: int(0).optional(),
});

export const FixtureDocument = z.strictObject({
  document_id: numericId,
  knowledge_id: id,
  name: text().min(1, { error: 'must not be empty' }),
  description: text().default(''),
  url: text().default(''),
  text: text(),
});

export const FixtureConversation = z.strictObject({
  conversation_id: id,
  agent_id: text(C.agentIdMax),
  title: text(C.titleMax).default(''),
  file_ids: z.array(text(), { error: 'must be an array of strings' }).default([]),
  config: z
    .strictObject({ enable_websearch: flag.default(false) }, { error: 'must be an object' })
    .default({ enable_websearch: false }),
  status: int().default(1),
  third_user_id: text(C.thirdUserIdMax).default(''),
  org_id: text().default(''),
  user_id: text().default(''),
  user_files: z.array(z.unknown(), { error: 'must be an array' }).default([]),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});

export const FixtureSpace = z.strictObject({
  space_id: numericId,
  name: text(),
  dataset_ids: z.array(id, { error: 'must be an array of dataset ids' }),
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
