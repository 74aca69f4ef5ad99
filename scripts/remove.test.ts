import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RETIRED, retiredDocumentId, writeBulkFixture } from '../e2e/support/bulk-fixture';
import { startSandbox, type SandboxHandle } from '../e2e/support/sandbox';
import { readCsv } from '../src/lib/csv';
import { DOC, KB, SPACE } from '../e2e/support/demo-ids.mjs';
import { startFaultProxy, type FaultProxy, type Faults } from '../e2e/support/fault-proxy';
import { startCli } from './test-support/suite-cli';

/**
 * `npm run remove` as an operator runs it: a child process against a real sandbox (a child process too), the
 * knowledge host behind a fault proxy that counts the DELETEs reaching it. Each run starts tsx afresh, so the runs
 * are few and the limits generous; the sandbox's lock wait and the CLI's lock window are shrunk to keep them short.
 */
const SLOW = 120_000;
const DOCS = 40;
const LOCK_WINDOW = ['--lock-window-ms', '600'];

let sandbox: SandboxHandle;
let dir: string;
let proxy: FaultProxy | undefined;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kc-remove-cli-'));
  sandbox = await startSandbox([
    '--fixture',
    writeBulkFixture(DOCS, join(dir, 'fixture.json')),
    '--lock-wait-ms',
    '300',
  ]);
}, 60_000);
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => sandbox.reset());
afterEach(async () => {
  await proxy?.stop();
  proxy = undefined;
});

const startRemove = (args: string[], env: Record<string, string> = { KC_TOKEN: sandbox.token }) =>
  startCli('remove', args, env);

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => retiredDocumentId(from + i));
function idsFile(name: string, list: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `document_id\n${list.join('\n')}\n`);
  return file;
}

/** The CLI's arguments against the sandbox, its knowledge host behind a fresh fault proxy. */
async function argsFor(file: string, faults: Faults = {}, extra: string[] = []) {
  proxy = await startFaultProxy(sandbox.secondaryUrl, faults);
  return [
    '--knowledge-id',
    RETIRED.knowledgeId,
    '--ids',
    file,
    '--base-url',
    sandbox.baseUrl,
    '--secondary-url',
    proxy.url,
    ...LOCK_WINDOW,
    ...extra,
  ];
}

/** Every column of the CSV report, by document id. */
const reportLines = (csv: string) => {
  const [header, ...rows] = readCsv(readFileSync(csv, 'utf8')).rows.map((r) => r.cells);
  return new Map(
    rows.map((r) => [r[header!.indexOf('document_id')]!, Object.fromEntries(header!.map((h, i) => [h, r[i]!]))]),
  );
};

/** The sandbox's deletion behaviour (docs/sandbox.md): a stalled purge keeps a deleted document in answers. */
async function deletionBehaviour(change: Record<string, boolean>) {
  const res = await fetch(`${sandbox.secondaryUrl}/__sandbox/deletion-behaviour`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(change),
  });
  expect(res.status).toBe(200);
}

/** A run probing the handbook's documents (distinct texts) through the support space, with a short probe schedule. */
async function probeArgs(name: string, list: string[], extra: string[] = []) {
  const args = await argsFor(idsFile(name, list), {}, [
    '--probe-space',
    SPACE.support,
    '--probe-gap-ms',
    '300',
    '--probe-window-ms',
    '2500',
    ...extra,
  ]);
  return args.map((a) => (a === RETIRED.knowledgeId ? KB.handbook : a));
}

const outcomes = (csv: string) => {
  const [header, ...rows] = readCsv(readFileSync(csv, 'utf8')).rows.map((r) => r.cells);
  const at = (name: string) => header!.indexOf(name);
  return new Map(rows.map((r) => [r[at('document_id')]!, r[at('outcome')]!]));
};

describe('npm run remove', () => {
  it(
    'deletes every document through 502s, lost answers and a held lock: exit 0, one DELETE per untroubled document',
    async () => {
      const list = ids(0, 12);
      const refused = new Set([list[1], list[5]]);
      const lost = new Set([list[2], list[7]]);
      const locked = list[9]!;
      // Held until its first DELETE has been answered (a 200 that deleted nothing), then let go.
      await sandbox.holdLock(locked, 60_000);
      const csv = join(dir, 'faults.csv');
      const json = join(dir, 'faults.json');
      const args = await argsFor(
        idsFile('faults.txt', list),
        {
          refuse: (id, n) => refused.has(id) && n === 1,
          loseAnswer: (id, n) => lost.has(id) && n === 1,
          delayMs: (id, n) => {
            if (id === locked && n === 1) setTimeout(() => void sandbox.releaseLock(locked), 1_000);
            return 0;
          },
        },
        ['--concurrency', '4', '--report', csv, '--json', json],
      );
      const out = await startRemove(args).done;
      expect(out.code, out.stderr).toBe(0);
      expect([...outcomes(csv).values()].every((o) => o === 'deleted')).toBe(true);
      const report = JSON.parse(readFileSync(json, 'utf8')) as { knowledge_base: { id: string }; documents: unknown[] };
      expect(report.knowledge_base.id).toBe(RETIRED.knowledgeId);
      expect(report.documents).toHaveLength(list.length);
      // Untroubled documents: one DELETE each. A 502 is sent again; a lost answer is settled by a read (the service
      // had deleted it: no second DELETE); the held lock's 200 deleted nothing, so it is re-issued after the window.
      for (const id of list) {
        const n = proxy!.deletes.get(id);
        if (refused.has(id)) expect(n).toBe(2);
        else if (id === locked) expect(n).toBeGreaterThanOrEqual(2);
        else expect(n, id).toBe(1);
      }
      expect(out.stdout + out.stderr).not.toContain(sandbox.token);
    },
    SLOW,
  );

  it(
    'a document whose lock is never let go ends not deleted: exit 1, the report says so',
    async () => {
      const list = ids(12, 3);
      await sandbox.holdLock(list[0]!, 60_000);
      const csv = join(dir, 'held.csv');
      const out = await startRemove(await argsFor(idsFile('held.txt', list), {}, ['--report', csv])).done;
      expect(out.code, out.stderr).toBe(1);
      const byId = outcomes(csv);
      expect(byId.get(list[0]!)).toBe('not_deleted');
      expect(byId.get(list[1]!)).toBe('deleted');
      await sandbox.releaseLock(list[0]!);
    },
    SLOW,
  );

  it(
    'killed mid-run (SIGKILL) and started again with the same --state: no second DELETE for a confirmed document',
    async () => {
      const list = ids(15, 16);
      const state = join(dir, 'resume.jsonl');
      const file = idsFile('resume.txt', list);
      // A slower service: the run is still going when it is killed.
      const slow: Faults = { delayMs: () => 150 };
      const first = startRemove(await argsFor(file, slow, ['--concurrency', '2', '--state', state]));
      const confirmed = () =>
        existsSync(state)
          ? new Set(
              readFileSync(state, 'utf8')
                .split('\n')
                .filter((l) => l.includes('"state":"deleted"'))
                .map((l) => (JSON.parse(l) as { row: [number, { documentId: string }] }).row[1].documentId),
            )
          : new Set<string>();
      const end = Date.now() + 60_000;
      while (confirmed().size < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      first.child.kill('SIGKILL');
      const killed = await first.done;
      expect(killed.code).toBeNull();
      const before = confirmed();
      expect(before.size).toBeGreaterThanOrEqual(3);
      expect(before.size).toBeLessThan(list.length);
      const firstDeletes = new Map(proxy!.deletes);
      await proxy!.stop();

      const csv = join(dir, 'resume.csv');
      const again = await startRemove(await argsFor(file, {}, ['--state', state, '--report', csv])).done;
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('resuming');
      expect([...outcomes(csv).values()].every((o) => o === 'deleted')).toBe(true);
      for (const id of before) {
        expect(firstDeletes.get(id), id).toBe(1);
        expect(proxy!.deletes.get(id) ?? 0, id).toBe(0);
      }
    },
    SLOW,
  );

  it(
    'SIGTERM mid-run: exit 1, the reports written with what was reached',
    async () => {
      const list = ids(31, 6);
      const csv = join(dir, 'term.csv');
      const run = startRemove(
        await argsFor(idsFile('term.txt', list), { delayMs: () => 60_000 }, ['--report', csv, '--concurrency', '2']),
      );
      const end = Date.now() + 60_000;
      while ((proxy!.deletes.size ?? 0) < 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      run.child.kill('SIGTERM');
      const out = await run.done;
      expect(out.code).toBe(1);
      expect(out.stderr).toContain('SIGTERM');
      expect(outcomes(csv).size).toBe(list.length);
    },
    SLOW,
  );

  it(
    'a refused token stops the run (exit 1) and is never printed',
    async () => {
      const secret = 'not-the-token-5c1e9a';
      const out = await startRemove(await argsFor(idsFile('token.txt', ids(37, 2))), { KC_TOKEN: secret }).done;
      expect(out.code).toBe(1);
      expect(out.stderr).toMatch(/refused the token/);
      expect(out.stdout + out.stderr).not.toContain(secret);
      expect(proxy!.deletes.size).toBe(0);
    },
    SLOW,
  );

  it(
    'bad arguments or input: exit 2, nothing sent',
    async () => {
      const before = await sandbox.deleteCalls();
      const good = idsFile('good.txt', ids(38, 2));
      const bad = idsFile('bad.txt', [retiredDocumentId(38), 'drop table', '12ab']);
      const cases: string[][] = [
        ['--ids', good],
        (await argsFor(good)).map((a) => (a === sandbox.baseUrl ? 'ftp://x' : a)),
        await argsFor(bad),
        await argsFor(good, {}, ['--report', join(dir, 'no-such-dir', 'r.csv')]),
      ];
      for (const args of cases) {
        const out = await startRemove(args).done;
        expect(out.code, `${args.join(' ')}\n${out.stderr}`).toBe(2);
      }
      expect(await sandbox.deleteCalls()).toEqual(before);
    },
    SLOW,
  );

  it(
    '--dry-run checks (reads only) and sends nothing: exit 0, unknown ids reported as not found',
    async () => {
      const csv = join(dir, 'dry.csv');
      const out = await startRemove(
        await argsFor(idsFile('dry.txt', [...ids(0, 2), '999999999']), {}, ['--dry-run', '--report', csv]),
      ).done;
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toContain('1 not found');
      expect(outcomes(csv).get('999999999')).toBe('left_out');
      expect(proxy!.deletes.size).toBe(0);
    },
    SLOW,
  );

  it(
    '--probe-space: a stalled purge keeps a deleted document in answers: deleted, "still_in_answers", exit 1',
    async () => {
      await deletionBehaviour({ purge_stalled: true });
      try {
        const csv = join(dir, 'stalled.csv');
        const json = join(dir, 'stalled.json');
        const out = await startRemove(
          await probeArgs('stalled.txt', [DOC.installation.id], ['--report', csv, '--json', json]),
        ).done;
        expect(out.code, out.stderr).toBe(1);
        const line = reportLines(csv).get(DOC.installation.id)!;
        expect(line.outcome).toBe('deleted');
        expect(line.probe).toBe('still_in_answers');
        // The evidence names the control before the DELETE, the read, and each probe's field; the tokens are counted.
        expect(line.probe_evidence).toMatch(/Before the delete .*: found in document_chunks\[\d+\]\.document_id/);
        expect(line.probe_evidence).toMatch(/Read .*: its base info answered 404/);
        expect(line.probe_evidence).toMatch(/Probe 2 .*: found in/);
        expect(Number(line.probe_tokens)).toBeGreaterThan(0);
        // The report does not carry the question (a passage of the document's own text).
        expect(line.probe_evidence).not.toContain('Question:');
        const report = JSON.parse(readFileSync(json, 'utf8')) as { documents: { probe: string }[] };
        expect(report.documents[0]!.probe).toBe('still_in_answers');
        expect(out.stdout).toContain('1 still in answers');
      } finally {
        await deletionBehaviour({ purge_stalled: false });
      }
    },
    SLOW,
  );

  it(
    '--probe-space: once purged, "not_retrieved" in two empty probes: exit 0; rows outside the sample read "not probed"',
    async () => {
      const csv = join(dir, 'purged.csv');
      const list = [DOC.installation.id, DOC.wifi.id, DOC.battery.id];
      const out = await startRemove(
        await probeArgs('purged.txt', list, ['--report', csv, '--probe-sample', '2', '--probe-window-ms', '8000']),
      ).done;
      expect(out.code, out.stdout + out.stderr).toBe(0);
      const lines = reportLines(csv);
      // The sample of 2 of 3: the first and the last, evenly spread; the middle one is not probed.
      expect(lines.get(DOC.installation.id)!.probe).toBe('not_retrieved');
      expect(lines.get(DOC.battery.id)!.probe).toBe('not_retrieved');
      expect(lines.get(DOC.wifi.id)!.probe).toBe('not_probed');
      expect(lines.get(DOC.wifi.id)!.outcome).toBe('deleted');
      expect(lines.get(DOC.installation.id)!.probe_evidence).toMatch(
        /Probe 1 .*: nothing of it.*Probe 2 .*: nothing of it/,
      );
    },
    SLOW,
  );

  it(
    'without --probe-space the report says answers were not checked',
    async () => {
      const csv = join(dir, 'unprobed.csv');
      const out = await startRemove(await argsFor(idsFile('unprobed.txt', ids(39, 1)), {}, ['--report', csv])).done;
      expect(out.code, out.stderr).toBe(0);
      expect([...reportLines(csv).values()][0]!.probe).toBe('answers_not_checked');
    },
    SLOW,
  );
});
