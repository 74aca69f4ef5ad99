/**
 * `npm run bench:sandbox`: figures for the sandbox, not a pass/fail test.
 * For 1,000 and 10,000 generated documents it starts the command-line sandbox as a child process
 * (so client and server do not share one event loop), on loopback, in memory, and prints:
 *   completion latency p50/p95 (sequential), delete round-trip latency p50/p95 (sequential),
 *   GET requests/second with 50 concurrent clients for a fixed time.
 * Every loop is bounded. Results are also written to bench-results/sandbox.json.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../src/server/seeded-random.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = 'bench-token';
const SIZES = [1_000, 10_000];
const COMPLETIONS = 200;
const DELETES = 200;
const GET_CLIENTS = 50;
const GET_SECONDS = 5;
const DATASETS = 4;

const random = seededRandom(42);
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
const VOCABULARY = Array.from({ length: 3000 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join(''),
);

function sentence(): string {
  const words = Array.from({ length: 8 + Math.floor(random() * 8) }, () => pick(VOCABULARY));
  return `${words[0]!.charAt(0).toUpperCase()}${words.join(' ').slice(1)}.`;
}
const paragraph = () => Array.from({ length: 4 }, sentence).join(' ');

function fixture(documents: number) {
  const datasets = Array.from({ length: DATASETS }, (_, i) => ({
    dataset_id: String(800000000000001 + i),
    name: `Bench dataset ${i + 1}`,
    chunk_size: 256,
    chunk_overlap: 32,
  }));
  const knowledge = datasets.map((d, i) => ({
    knowledge_id: String(810000000000001 + i),
    dataset_id: d.dataset_id,
    name: `Bench knowledge ${i + 1}`,
  }));
  return {
    tokens: [TOKEN],
    agents: [{ agent_id: 'bench', name: 'Bench' }],
    datasets,
    knowledge,
    documents: Array.from({ length: documents }, (_, i) => ({
      document_id: String(820000000000001 + i),
      knowledge_id: knowledge[i % DATASETS]!.knowledge_id,
      name: `Document ${i + 1}`,
      text: Array.from({ length: 3 }, paragraph).join('\n\n'),
    })),
    conversations: [],
    spaces: [{ space_id: '1', name: 'Bench space', dataset_ids: datasets.map((d) => d.dataset_id) }],
  };
}

interface Sandbox {
  proc: ChildProcessWithoutNullStreams;
  baseUrl: string;
  secondaryUrl: string;
  startMs: number;
}

function start(fixturePath: string): Promise<Sandbox> {
  const began = performance.now();
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/main.ts',
      '--memory',
      '--fixture',
      fixturePath,
      '--base-port',
      '0',
      '--secondary-port',
      '0',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, SANDBOX_LLM_BASE_URL: '' },
    },
  );
  let out = '';
  let err = '';
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /base_url=(\S+) secondary_url=(\S+)/.exec(out);
      if (m) resolve({ proc, baseUrl: m[1]!, secondaryUrl: m[2]!, startMs: performance.now() - began });
    });
    proc.on('exit', (code) => reject(new Error(`sandbox exited ${code}: ${err}`)));
  });
}

const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return performance.now() - t;
}

async function bench(documents: number) {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
  const path = join(dir, 'fixture.json');
  const fx = fixture(documents);
  writeFileSync(path, JSON.stringify(fx));
  const sb = await start(path);
  try {
    const completion: number[] = [];
    let chunksReturned = 0;
    for (let i = 0; i < COMPLETIONS; i++) {
      const message = `What about ${pick(VOCABULARY)} and ${pick(VOCABULARY)} near ${pick(VOCABULARY)}?`;
      const t = performance.now();
      const res = await fetch(`${sb.baseUrl}/v1/spaces/completions/1`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ session_id: 'bench', message }),
      });
      const body = (await res.json()) as { document_chunks: unknown[] };
      completion.push(performance.now() - t);
      chunksReturned += body.document_chunks.length;
    }

    const deletes: number[] = [];
    const deleted = new Set<string>();
    for (let i = 0; i < DELETES; i++) {
      const doc = fx.documents[i * Math.floor(documents / DELETES)]!;
      deleted.add(doc.document_id);
      deletes.push(
        await timed(() =>
          fetch(`${sb.secondaryUrl}/v1/knowledge/${doc.knowledge_id}/document/${doc.document_id}`, {
            method: 'DELETE',
            headers,
          }),
        ),
      );
    }

    const live = fx.documents.filter((d) => !deleted.has(d.document_id));
    const gets = [
      () => `${sb.baseUrl}/v1/datasets/${pick(fx.datasets).dataset_id}`,
      () => `${sb.secondaryUrl}/v1/knowledge/${pick(fx.knowledge).knowledge_id}`,
      () => `${sb.baseUrl}/v1/documents/texts/${pick(live).document_id}`,
    ];
    let count = 0;
    let failures = 0;
    const deadline = performance.now() + GET_SECONDS * 1000;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: GET_CLIENTS }, async (_, client) => {
        let n = client;
        while (performance.now() < deadline) {
          const res = await fetch(gets[n++ % gets.length]!(), { headers });
          await res.arrayBuffer();
          if (res.ok) count++;
          else failures++;
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    return {
      documents,
      startup_ms: Math.round(sb.startMs),
      completion_p50_ms: percentile(completion, 50),
      completion_p95_ms: percentile(completion, 95),
      chunks_per_completion: chunksReturned / COMPLETIONS,
      delete_p50_ms: percentile(deletes, 50),
      delete_p95_ms: percentile(deletes, 95),
      get_rps: count / seconds,
      get_failures: failures,
    };
  } finally {
    const gone = new Promise((resolve) => sb.proc.once('exit', resolve));
    sb.proc.kill('SIGTERM');
    await gone;
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const date = new Date().toISOString().slice(0, 10);
  console.log(
    `sandbox benchmark ${date} — node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), loopback, --memory`,
  );
  console.log(
    `completions: ${COMPLETIONS} sequential, extractive; deletes: ${DELETES} sequential; GET: ${GET_CLIENTS} concurrent clients for ${GET_SECONDS} s\n`,
  );
  const results = [];
  for (const size of SIZES) {
    const r = await bench(size);
    results.push(r);
    console.log(`${size.toLocaleString('en')} documents (start-up incl. chunking ${r.startup_ms} ms)`);
    console.log(
      `  completion latency  p50 ${ms(r.completion_p50_ms)}  p95 ${ms(r.completion_p95_ms)}  (${r.chunks_per_completion.toFixed(1)} chunks/answer)`,
    );
    console.log(`  delete round trip   p50 ${ms(r.delete_p50_ms)}  p95 ${ms(r.delete_p95_ms)}`);
    console.log(
      `  GET throughput      ${Math.round(r.get_rps).toLocaleString('en')} requests/s (${r.get_failures} failed)\n`,
    );
  }
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench-results', 'sandbox.json'),
    JSON.stringify({ date, node: process.version, cpus: cpus().length, results }, null, 2),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
