import { describe, expect, it } from 'vitest';
import { DatasetRecord } from '../contract';
import { FixtureError, loadFixtureFile, parseFixture } from './fixture';
import { DEMO_FIXTURE_PATH, startSandbox } from './sandbox';
import { TEST_FIXTURE_PATH, call } from './test-support';

const base = () => ({
  tokens: ['t'],
  agents: [{ agent_id: 'ag', name: 'Agent' }],
  datasets: [
    { dataset_id: '1', name: 'D' },
    { dataset_id: '2', name: 'E' },
    { dataset_id: '3', name: 'F' },
  ],
  knowledge: [{ knowledge_id: '10', dataset_id: '1', name: 'K' }],
  documents: [{ document_id: '100', knowledge_id: '10', name: 'Doc', text: 'Hello.' }],
  conversations: [{ conversation_id: '1000', agent_id: 'ag' }],
  spaces: [{ space_id: '5', name: 'S', dataset_ids: ['1'] }],
});

function problemsOf(raw: unknown): string[] {
  try {
    parseFixture(raw, 'test');
  } catch (err) {
    expect(err).toBeInstanceOf(FixtureError);
    return (err as FixtureError).problems;
  }
  throw new Error('expected the fixture to be refused');
}

describe('fixture schema', () => {
  it('accepts a minimal fixture and fills the documented defaults', () => {
    const fx = parseFixture(base());
    expect(fx.datasets[0]).toMatchObject({
      type: 1,
      top_k: 5,
      score_threshold: 0.5,
      chunk_size: 512,
      chunk_overlap: 102,
      generate_metadata_enabled: false,
    });
    expect(fx.conversations[0]).toMatchObject({
      title: '',
      status: 1,
      config: { enable_websearch: false },
      file_ids: [],
    });
  });

  it.each([
    [
      (f: ReturnType<typeof base>) => ((f.datasets[2] as Record<string, unknown>).chunk_size = 4096),
      'datasets[2].chunk_size: must be at most 2048',
    ],
    [
      (f: ReturnType<typeof base>) => ((f.datasets[1] as Record<string, unknown>).chunk_overlap = -1),
      'datasets[1].chunk_overlap: must be at least 0',
    ],
    [
      (f: ReturnType<typeof base>) => ((f.datasets[0] as Record<string, unknown>).generate_metadata_enabled = 2),
      'datasets[0].generate_metadata_enabled: must be 0, 1, true or false',
    ],
    [
      (f: ReturnType<typeof base>) => ((f.datasets[0] as Record<string, unknown>).type = 3),
      'datasets[0].type: must be one of 1, 2',
    ],
    [
      (f: ReturnType<typeof base>) => ((f.datasets[0] as Record<string, unknown>).chunk_sise = 300),
      'datasets[0]: unknown field "chunk_sise"',
    ],
    [
      (f: ReturnType<typeof base>) => (f.documents[0]!.document_id = 'abc'),
      'documents[0].document_id: must be a numeric string of at most 15 digits',
    ],
    [
      (f: ReturnType<typeof base>) => (f.documents[0]!.knowledge_id = '99'),
      'documents[0].knowledge_id: unknown knowledge base "99"',
    ],
    [
      (f: ReturnType<typeof base>) => (f.knowledge[0]!.dataset_id = '9'),
      'knowledge[0].dataset_id: unknown dataset "9"',
    ],
    [
      (f: ReturnType<typeof base>) => (f.conversations[0]!.agent_id = 'x'),
      'conversations[0].agent_id: unknown agent "x"',
    ],
    [
      (f: ReturnType<typeof base>) => ((f.conversations[0] as Record<string, unknown>).title = 'x'.repeat(129)),
      'conversations[0].title: must be at most 128 characters',
    ],
    [
      (f: ReturnType<typeof base>) => (f.spaces[0]!.dataset_ids = ['1', '7']),
      'spaces[0].dataset_ids[1]: unknown dataset "7"',
    ],
    [
      (f: ReturnType<typeof base>) => f.datasets.push({ dataset_id: '1', name: 'dup' }),
      'datasets[3]: duplicate id "1" (also datasets[0])',
    ],
    [
      (f: ReturnType<typeof base>) => ((f.datasets[0] as Record<string, unknown>).chunk_overlap = 600),
      'datasets[0].chunk_overlap: must be at most 512',
    ],
  ])('refuses a bad record naming it and the field (%#)', (mutate, message) => {
    const f = base();
    mutate(f);
    expect(problemsOf(f)).toContain(message);
  });

  it('refuses a file that is not JSON, naming the file', () => {
    expect(() => loadFixtureFile('/nonexistent/fixture.json')).toThrow(/fixture \/nonexistent\/fixture.json refused/);
  });

  it('refuses to start without any accepted token', async () => {
    await expect(startSandbox({ fixture: { ...base(), tokens: [] } })).rejects.toThrow(/no accepted token/);
  });

  it('the test fixture and the built-in demo fixture both pass the schema', async () => {
    expect(loadFixtureFile(TEST_FIXTURE_PATH).documents.length).toBeGreaterThan(3);
    const demo = loadFixtureFile(DEMO_FIXTURE_PATH);
    expect(demo.documents.length).toBeGreaterThanOrEqual(20);
    // And every demo dataset is served without drift.
    const sb = await startSandbox({ llm: null });
    try {
      for (const d of demo.datasets) {
        const res = await call(`${sb.baseUrl}/v1/datasets/${d.dataset_id}`, { token: demo.tokens[0]! });
        expect(DatasetRecord.documented.safeParse(res.body).success).toBe(true);
      }
    } finally {
      await sb.close();
    }
  });
});
