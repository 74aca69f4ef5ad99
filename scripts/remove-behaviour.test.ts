import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOC, KB, SPACE } from '../e2e/support/demo-ids.mjs';
import { startSandbox, type SandboxHandle } from '../e2e/support/sandbox';
import type { Batch } from '../src/removal-engine/batch/batch';
import type { ShownBehaviour } from '../src/removal-engine/probe';
import { cliBehaviour, serviceKey } from './remove-behaviour';
import { openState, readState } from './remove-state';
import { startCli } from './test-support/suite-cli';

/**
 * What the service has shown, kept across `npm run remove` runs (--behaviour-file) and in a run's --state: the CLI
 * against a real sandbox (a child process), its base host behind a proxy that counts the completions restricted to
 * a document (the probe that learns how a restriction treats a deleted document).
 */
const SLOW = 120_000;
let sandbox: SandboxHandle;
let dir: string;
let restricted = 0;
let proxyUrl = '';
let stopProxy: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kc-remove-behaviour-'));
  sandbox = await startSandbox();
  // One proxy for every run: the behaviour file is keyed by the base URL the runs are given.
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'POST' && /\/completions\//.test(req.url ?? '') && /"document_id"/.test(body.toString()))
        restricted++;
      const target = new URL(sandbox.baseUrl);
      const upstream = request(
        new URL(req.url ?? '/', sandbox.baseUrl),
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      upstream.end(body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stopProxy = () => new Promise((ok) => server.close(() => ok()));
}, 60_000);
afterAll(async () => {
  await stopProxy();
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await sandbox.reset();
  restricted = 0;
});

async function purgeStalled(stalled: boolean) {
  const res = await fetch(`${sandbox.secondaryUrl}/__sandbox/deletion-behaviour`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ purge_stalled: stalled }),
  });
  expect(res.status).toBe(200);
}

/** One run probing `documentId` of the handbook through the support space, on a short schedule. */
function run(name: string, documentId: string, extra: string[]) {
  const ids = join(dir, `${name}.txt`);
  writeFileSync(ids, `${documentId}\n`);
  const args = [
    ...['--knowledge-id', KB.handbook, '--ids', ids, '--base-url', proxyUrl, '--secondary-url', sandbox.secondaryUrl],
    ...[
      '--lock-window-ms',
      '600',
      '--probe-space',
      SPACE.support,
      '--probe-gap-ms',
      '300',
      '--probe-window-ms',
      '2500',
    ],
    ...extra,
  ];
  return startCli('remove', args, { KC_TOKEN: sandbox.token }).done;
}

describe('npm run remove --behaviour-file FILE', () => {
  it(
    'a second run with the same file does not send the restriction-learning probe again',
    async () => {
      const file = join(dir, 'shown.json');
      await purgeStalled(true);
      try {
        // The dataset still serves the deleted document: the first run learns how a restriction treats it.
        const first = await run('first', DOC.installation.id, ['--behaviour-file', file]);
        expect(first.code, first.stderr).toBe(1);
        expect(restricted).toBe(1);
        const kept = JSON.parse(readFileSync(file, 'utf8')) as { services: Record<string, ShownBehaviour> };
        expect(Object.keys(kept.services)).toEqual([serviceKey(proxyUrl)]);
        expect(kept.services[serviceKey(proxyUrl)]!.restrictionOnDeleted?.value).toBe('serves_until_purge');
        expect(readFileSync(file, 'utf8')).not.toContain(sandbox.token);

        restricted = 0;
        const second = await run('second', DOC.wifi.id, ['--behaviour-file', file]);
        expect(second.code, second.stderr).toBe(1);
        expect(restricted).toBe(0);
        expect(second.stdout).toContain('this service has shown before');
      } finally {
        await purgeStalled(false);
      }
    },
    SLOW,
  );

  it(
    'a malformed file is said on stderr and treated as nothing learnt (the probe is sent), and left as it is',
    async () => {
      const file = join(dir, 'broken.json');
      writeFileSync(file, '{"version": 1, "services": ');
      await purgeStalled(true);
      try {
        const out = await run('broken', DOC.installation.id, [
          '--behaviour-file',
          file,
          '--report',
          join(dir, 'b.csv'),
        ]);
        expect(out.code, out.stderr).toBe(1);
        expect(out.stderr).toMatch(
          /--behaviour-file .*broken\.json cannot be read \(not JSON\): treated as nothing learnt/,
        );
        expect(restricted).toBe(1);
        expect(readFileSync(file, 'utf8')).toBe('{"version": 1, "services": ');
        expect(readFileSync(join(dir, 'b.csv'), 'utf8')).toContain('still_in_answers');
      } finally {
        await purgeStalled(false);
      }
    },
    SLOW,
  );
});

describe('the record of what the service has shown, kept', () => {
  const shown: ShownBehaviour = { restrictionOnDeleted: { value: 'hides_at_once', at: 5, documentId: '9' } };

  it('keys a service by its base URL without credentials, query or fragment (never a token in the file)', () => {
    expect(serviceKey('https://user:s3cret@kc.example:8443/api/?token=s3cret#x')).toBe('https://kc.example:8443/api');
    expect(serviceKey('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
  });

  it('--state keeps it: the last behaviour line is read back, and a compacted file keeps it', async () => {
    const file = join(dir, 'state.jsonl');
    const batch: Batch = {
      id: 'b',
      profileId: 'command-line',
      profileName: 'command line',
      knowledgeId: '7',
      concurrency: 1,
      status: 'running',
      createdAt: 1,
      activeMs: 0,
      updatedAt: 1,
      rows: [{ documentId: '9', updatedAt: 1 }],
    };
    const state = openState(file, batch);
    state.behaviour({ readAfterDelete: { value: 'not_found', at: 1 } });
    state.behaviour(shown);
    await state.close();
    expect(readState(file)?.behaviour).toEqual(shown);
    // A malformed line (hand-edited, another version) is nothing learnt: the last good one stands.
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"behaviour": {"restrictionOnDeleted": "maybe"}}\n`);
    expect(readState(file)?.behaviour).toEqual(shown);
    const again = openState(file, batch, new Map(), readState(file)?.behaviour);
    await again.close();
    expect(readState(file)?.behaviour).toEqual(shown);
  });

  it('a resumed run joins its state with the file: nothing asked again that either shows', async () => {
    const file = join(dir, 'joined.json');
    const key = serviceKey('http://svc.example');
    writeFileSync(
      file,
      JSON.stringify({ version: 1, services: { [key]: { readAfterDelete: { value: 'not_found', at: 3 } } } }),
    );
    const warnings: string[] = [];
    const kept: ShownBehaviour[] = [];
    const b = cliBehaviour({
      baseUrl: 'http://svc.example/',
      file,
      kept: shown,
      keep: (s) => kept.push(s),
      warn: (m) => warnings.push(m),
    });
    expect(b.shown).toEqual({ ...shown, readAfterDelete: { value: 'not_found', at: 3 } });
    await b.store.save('command-line', { piecesCarryDocumentId: { value: true, at: 9 } });
    expect(kept).toHaveLength(1);
    expect(await b.store.load('command-line')).toEqual({ piecesCarryDocumentId: { value: true, at: 9 } });
    expect(JSON.parse(readFileSync(file, 'utf8')).services[key]).toEqual({
      piecesCarryDocumentId: { value: true, at: 9 },
    });
    expect(warnings).toEqual([]);
    // Another version's file is said and never written over.
    writeFileSync(file, JSON.stringify({ version: 2, services: {} }));
    const other = cliBehaviour({ baseUrl: 'http://svc.example', file, warn: (m) => warnings.push(m) });
    await other.store.save('command-line', shown);
    expect(warnings[0]).toMatch(/another version \(2\): treated as nothing learnt, and left as it is/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 2, services: {} });
  });
});
