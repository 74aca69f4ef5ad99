import { seededRandom } from './seeded-random';

/**
 * Test support: a generated, English-only corpus and questions whose retrieval results were recorded BEFORE
 * CJK segmentation was added (src/server/golden-english.json). Any change to how Latin text is indexed,
 * queried or scored shows up as a difference against that recording.
 * Deterministic (seeded); no fixture file it could drift from.
 */

const random = seededRandom(2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const SYLLABLES = [
  'ka',
  'lo',
  'mer',
  'tin',
  'sa',
  'vel',
  'dor',
  'pi',
  'qua',
  'ren',
  'sol',
  'tu',
  'bra',
  'ne',
  'cor',
  'fi',
];
// Suffixes the porter stemmer and the light stem() both act on, so stemming differences would show.
const SUFFIXES = ['', '', '', 's', 'ing', 'ed', 'ation', 'es'];
const STEMS = Array.from({ length: 400 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join(''),
);
const FUNCTION_WORDS = ['the', 'a', 'of', 'with', 'is', 'and', 'to', 'how', 'what'];
const word = () => (random() < 0.25 ? pick(FUNCTION_WORDS) : pick(STEMS) + pick(SUFFIXES));

function sentence(): string {
  const words = Array.from({ length: 6 + Math.floor(random() * 10) }, word);
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${pick(['.', '.', '?', '!'])}`;
}
const paragraph = () => Array.from({ length: 2 + Math.floor(random() * 4) }, sentence).join(' ');

const DATASETS = [
  {
    dataset_id: '910000000000001',
    name: 'Golden A',
    top_k: 3,
    score_threshold: 0.3,
    chunk_size: 256,
    chunk_overlap: 32,
  },
  {
    dataset_id: '910000000000002',
    name: 'Golden B',
    top_k: 5,
    score_threshold: 0.5,
    chunk_size: 256,
    chunk_overlap: 0,
  },
  {
    dataset_id: '910000000000003',
    name: 'Golden C',
    top_k: 2,
    score_threshold: 0.2,
    chunk_size: 256,
    chunk_overlap: 64,
    retrieval_chunk_expansion: { pre_count: 1, next_count: 1 },
  },
];

export const GOLDEN_TOKEN = 'golden-token';
export const GOLDEN_SPACE = '1';

export const GOLDEN_FIXTURE = {
  tokens: [GOLDEN_TOKEN],
  agents: [],
  datasets: DATASETS,
  knowledge: DATASETS.map((d, i) => ({
    knowledge_id: String(920000000000001 + i),
    dataset_id: d.dataset_id,
    name: d.name,
  })),
  documents: Array.from({ length: 90 }, (_, i) => ({
    document_id: String(930000000000001 + i),
    knowledge_id: String(920000000000001 + (i % DATASETS.length)),
    name: `Golden ${i + 1}`,
    text: Array.from({ length: 3 + Math.floor(random() * 5) }, paragraph).join('\n\n'),
  })),
  conversations: [],
  spaces: [{ space_id: GOLDEN_SPACE, name: 'Golden space', dataset_ids: DATASETS.map((d) => d.dataset_id) }],
};

/** Questions: vocabulary words with other suffixes than in the text, stop words, punctuation, FTS5 syntax. */
export const GOLDEN_QUESTIONS: string[] = [
  ...Array.from({ length: 14 }, () => {
    const words = Array.from({ length: 2 + Math.floor(random() * 5) }, word);
    return `${words.join(' ')}${pick(['?', '', '!', ' "quoted"', ' NEAR(x y)', ' - AND *'])}`;
  }),
  'What is the ka?',
  'Which',
];
