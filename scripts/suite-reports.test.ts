import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SuiteRun } from '../src/suite-engine';
import { writeReport, writeReports } from './suite-reports';

const dir = mkdtempSync(join(tmpdir(), 'suite-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the CLI’s report writer', () => {
  it('streams the pieces into the file, in order, making each only as the file takes them (backpressure)', async () => {
    const path = join(dir, 'big.txt');
    const piece = (i: number) => `${i}:${'x'.repeat(64 * 1024)}\n`;
    let made = 0;
    let mostAhead = 0;
    function* pieces() {
      for (let i = 0; i < 400; i++) {
        // How far the pieces made run ahead of the bytes on disk when the next is asked for.
        let onDisk = 0;
        try {
          onDisk = statSync(path).size;
        } catch {
          // Not opened yet.
        }
        mostAhead = Math.max(mostAhead, made - onDisk);
        made += Buffer.byteLength(piece(i));
        yield piece(i);
      }
    }
    await writeReport(path, pieces());
    expect(readFileSync(path, 'utf8')).toBe(Array.from({ length: 400 }, (_, i) => piece(i)).join(''));
    // 26 MB made in all; never more than a few MB of it waiting for the disk.
    expect(made).toBeGreaterThan(26_000_000);
    expect(mostAhead).toBeLessThan(4_000_000);
  });

  it('says which report could not be written, and writes the others', async () => {
    const run = {} as SuiteRun;
    const ok = join(dir, 'ok.txt');
    const failed = await writeReports(
      [
        { flag: '--json', path: join(dir, 'no-such-folder', 'r.json'), render: () => ['{}'] },
        { flag: '--csv', path: ok, render: () => ['a,b\r\n', '1,2\r\n'] },
      ],
      run,
    );
    expect(failed).toEqual([`cannot write --json ${join(dir, 'no-such-folder', 'r.json')}: ENOENT`]);
    expect(readFileSync(ok, 'utf8')).toBe('a,b\r\n1,2\r\n');
  });
});
