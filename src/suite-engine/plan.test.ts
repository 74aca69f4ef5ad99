import { afterEach, describe, expect, it } from 'vitest';
import { checkSuite, SUITE_BOUNDS, type Suite } from './suite-file';
import { json, profileFor, startServer, type TestServer } from '../lib/test-support/http-server';
import { outcomeKey, planAttempts, runSize, RunTooLargeError } from './plan';
import { runSuite } from './run';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const suiteOf = (raw: unknown): Suite => {
  const checked = checkSuite(raw);
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return checked.suite;
};

/** The example: 5,000 cases × 8 variants × 20 repetitions. */
const huge = () =>
  suiteOf({
    name: 'Huge',
    space_id: '101',
    repeat: SUITE_BOUNDS.repeatMax,
    variants: Array.from({ length: SUITE_BOUNDS.variantsMax }, (_, i) => ({ id: `v${i}` })),
    cases: Array.from({ length: SUITE_BOUNDS.casesMax }, (_, i) => ({ id: `c${i}`, question: `Q${i}?` })),
  });

describe('the planned completions of a run', () => {
  it('counts cases × variants × repetitions, each question and follow-up, and only the re-run keys', () => {
    const suite = suiteOf({
      name: 'S',
      space_id: '101',
      repeat: 3,
      variants: [{ id: 'a' }, { id: 'b' }],
      cases: [
        { id: 'one', question: 'Q?' },
        { id: 'two', question: 'Q?', repeat: 2, follow_ups: [{ question: 'F1' }, { question: 'F2' }] },
      ],
    });
    // one: 2 variants × 3 × 1 = 6; two: 2 × 2 × 3 = 12.
    expect(runSize(suite)).toEqual({ completions: 18, max: SUITE_BOUNDS.completionsPerRunMax, overCap: false });
    expect(runSize(suite, new Set([outcomeKey('two', 'b')])).completions).toBe(6);
    expect(planAttempts(suite)).toHaveLength(10);
  });

  it('refuses a run over the cap before anything is sent, naming the total and the cap', async () => {
    expect(SUITE_BOUNDS.completionsPerRunMax).toBe(20_000);
    const suite = huge();
    expect(runSize(suite)).toEqual({ completions: 800_000, max: 20_000, overCap: true });
    server = await startServer((_req, res) => json(res, 200, {}));
    const run = runSuite({ suite, profile: profileFor(server.url), concurrency: 8 });
    await expect(run).rejects.toBeInstanceOf(RunTooLargeError);
    await expect(run).rejects.toThrow('the run would ask for 800000 completions; at most 20000 per run');
    expect(server.received).toHaveLength(0);
    // Exactly the cap is allowed.
    const atCap = suiteOf({
      name: 'At cap',
      space_id: '101',
      repeat: 20,
      cases: Array.from({ length: 1000 }, (_, i) => ({ id: `c${i}`, question: 'Q?' })),
    });
    expect(runSize(atCap)).toMatchObject({ completions: 20_000, overCap: false });
  });
});
