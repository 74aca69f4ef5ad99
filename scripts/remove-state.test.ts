import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Batch, BatchRow } from '../src/removal-engine/batch/batch';
import { startDeletion } from '../src/removal-engine/single/machine';
import { openState, readState } from './remove-state';

const dir = mkdtempSync(join(tmpdir(), 'kc-remove-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function batchOf(n: number): Batch {
  return {
    id: 'b1',
    profileId: 'command-line',
    profileName: 'command line',
    knowledgeId: '7',
    concurrency: 8,
    status: 'running',
    createdAt: 1,
    activeMs: 0,
    updatedAt: 1,
    rows: Array.from({ length: n }, (_, i): BatchRow => ({ documentId: String(100_000_000 + i), updatedAt: 1 })),
  };
}

describe('npm run remove --state FILE', () => {
  it('a run of 100,000 ids appends only the rows that changed: the file is never written whole per document', async () => {
    const file = join(dir, 'big.jsonl');
    const batch = batchOf(100_000);
    const state = openState(file, batch);
    const start = statSync(file).size;
    const rows = batch.rows.slice();
    for (let k = 0; k < 50; k++) {
      const i = k * 1_999;
      rows[i] = {
        ...rows[i]!,
        deletion: startDeletion({ profileId: 'command-line', knowledgeId: '7', documentId: rows[i]!.documentId }, 2),
      };
      const before = statSync(file).size;
      state.mark([i]);
      await state.save({ ...batch, rows });
      const added = readFileSync(file, 'utf8').slice(before);
      // One line: this row's, not the 100,000 others.
      expect(added.trim().split('\n')).toHaveLength(1);
      expect(added.length).toBeLessThan(1_000);
    }
    // The same step again (nothing new to say of the row): nothing is written.
    const size = statSync(file).size;
    state.mark([0]);
    await state.save({ ...batch, rows });
    expect(statSync(file).size).toBe(size);
    await state.close();
    expect(size - start).toBeLessThan(50 * 1_000);
    // Read back: the last word on each row wins; the rows never touched are as they were.
    const back = readState(file)!.batch;
    expect(back.rows).toHaveLength(100_000);
    expect(back.rows[1_999]!.deletion?.state).toBe('requesting');
    expect(back.rows[1]!.deletion).toBeUndefined();
  });

  it('a line cut short by a kill is ignored, and the file is compacted when a run starts from it', async () => {
    const file = join(dir, 'cut.jsonl');
    const batch = batchOf(3);
    const state = openState(file, batch);
    const rows = batch.rows.slice();
    rows[0] = { ...rows[0]!, name: 'a.md' };
    state.mark([0]);
    await state.save({ ...batch, rows });
    await state.close();
    appendFileSync(file, '{"row":[1,{"documentId":"1000');
    const back = readState(file)!.batch;
    expect(back.rows[0]!.name).toBe('a.md');
    expect(back.rows[1]!.name).toBeUndefined();
    const reopened = openState(file, back);
    await reopened.close();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
  });
});
