import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CompletionResultRecord, ConversationRecord, DocumentChunk, KnowledgeReadRecord } from '../contract';
import { IDS, TEST_FIXTURE_PATH, call, expectError } from './test-support';

/**
 * The command-line sandbox as a separate process. Started as `node --import tsx src/server/main.ts` (what
 * `npx tsx` runs) so that SIGKILL hits the server process itself, not a wrapper.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY = /^sandbox ready base_url=(http:\/\/127\.0\.0\.1:\d+) secondary_url=(http:\/\/127\.0\.0\.1:\d+)$/m;

interface Child {
  proc: ChildProcessWithoutNullStreams;
  baseUrl: string;
  secondaryUrl: string;
  stderr: () => string;
}

const children: ChildProcessWithoutNullStreams[] = [];
const dirs: string[] = [];

function run(args: string[]): ChildProcessWithoutNullStreams {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, SANDBOX_LLM_BASE_URL: '' },
  });
  children.push(proc);
  return proc;
}

function start(args: string[]): Promise<Child> {
  const proc = run(['--base-port', '0', '--secondary-port', '0', ...args]);
  let out = '';
  let err = '';
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line; stderr: ${err}`)), 15_000);
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = READY.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, baseUrl: m[1]!, secondaryUrl: m[2]!, stderr: () => err });
      }
    });
    proc.on('exit', (code) => reject(new Error(`exited ${code} before ready: ${err}`)));
  });
}

const exited = (proc: ChildProcessWithoutNullStreams) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve({ code: proc.exitCode, signal: proc.signalCode });
    else proc.once('exit', (code, signal) => resolve({ code, signal }));
  });

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-durability-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function knifeChunks(baseUrl: string): Promise<number> {
  const res = await call(`${baseUrl}/v1/spaces/completions/${IDS.spaceKitchen}`, {
    method: 'POST',
    json: { session_id: 's', message: 'sharpen knife whetstone', document_id: IDS.docKnife },
  });
  return CompletionResultRecord.documented
    .parse(res.body)
    .document_chunks.filter((c) => DocumentChunk.parse(c).document_id === IDS.docKnife).length;
}

describe('durability (a real process on a data directory)', () => {
  it(
    'after SIGKILL and a restart: the update is there, the document stays deleted, its purge completes',
    { timeout: 60_000 },
    async () => {
      const dir = tempDir();
      const args = ['--data-dir', dir, '--fixture', TEST_FIXTURE_PATH, '--purge-delay-ms', '1500'];
      const first = await start(args);
      const update = await call(`${first.secondaryUrl}/v1/conversations/${IDS.conversationBread}`, {
        method: 'PUT',
        json: { title: 'Survives a kill' },
      });
      expect(update.status).toBe(200);
      expect(
        (
          await call(`${first.secondaryUrl}/v1/knowledge/${IDS.knowledgeKitchen}/document/${IDS.docKnife}`, {
            method: 'DELETE',
          })
        ).status,
      ).toBe(200);
      first.proc.kill('SIGKILL');
      expect((await exited(first.proc)).signal).toBe('SIGKILL');

      const second = await start(args);
      const again = await call(`${second.secondaryUrl}/v1/conversations/${IDS.conversationBread}`, {
        method: 'PUT',
        json: {},
      });
      expect(ConversationRecord.documented.parse(again.body).title).toBe('Survives a kill');
      expectError(await call(`${second.baseUrl}/v1/documents/texts/${IDS.docKnife}`), 404);
      expect(
        KnowledgeReadRecord.documented.parse(
          (await call(`${second.secondaryUrl}/v1/knowledge/${IDS.knowledgeKitchen}`)).body,
        ).total_files,
      ).toBe(2);
      // The purge job was written with the delete; the restarted process runs it when due.
      const deadline = Date.now() + 10_000;
      while ((await knifeChunks(second.baseUrl)) > 0) {
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(200);
      }
      second.proc.kill('SIGTERM');
      expect(await exited(second.proc)).toEqual({ code: 0, signal: null });
      expect(second.stderr()).toContain('stopped (SIGTERM)');

      // A third start, still on the same directory: the stored state wins over the fixture.
      const third = await start(args);
      expectError(await call(`${third.baseUrl}/v1/documents/texts/${IDS.docKnife}`), 404);
      expect(await knifeChunks(third.baseUrl)).toBe(0);
      third.proc.kill('SIGINT');
      expect((await exited(third.proc)).code).toBe(0);
    },
  );

  it('--memory starts from the fixture every time', { timeout: 30_000 }, async () => {
    const first = await start(['--memory', '--fixture', TEST_FIXTURE_PATH]);
    await call(`${first.secondaryUrl}/v1/conversations/${IDS.conversationBread}`, {
      method: 'PUT',
      json: { title: 'Gone after restart' },
    });
    first.proc.kill('SIGKILL');
    await exited(first.proc);
    const second = await start(['--memory', '--fixture', TEST_FIXTURE_PATH]);
    const res = await call(`${second.secondaryUrl}/v1/conversations/${IDS.conversationBread}`, {
      method: 'PUT',
      json: {},
    });
    expect(ConversationRecord.documented.parse(res.body).title).toBe('Bread questions');
    second.proc.kill('SIGTERM');
    await exited(second.proc);
  });

  it('refuses a bad fixture at start, naming the record and the field', { timeout: 30_000 }, async () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        tokens: ['t'],
        datasets: [
          { dataset_id: '1', name: 'ok' },
          { dataset_id: '2', name: 'bad', chunk_size: 9000 },
        ],
      }),
    );
    const proc = run(['--memory', '--fixture', bad, '--base-port', '0', '--secondary-port', '0']);
    let err = '';
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect((await exited(proc)).code).toBe(1);
    expect(err).toContain('datasets[1].chunk_size: must be at most 2048');
  });

  it('refuses unknown or malformed arguments with the usage', { timeout: 30_000 }, async () => {
    const proc = run(['--memory', '--data-dir', '/tmp/x']);
    let err = '';
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect((await exited(proc)).code).toBe(2);
    expect(err).toContain('--memory and --data-dir cannot be used together');
    expect(err).toContain('usage: npm run sandbox');
  });
});
