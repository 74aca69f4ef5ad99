import { describe, expect, it } from 'vitest';
import { newRun, runToJson, type SuiteRun, SUITE_BOUNDS, type SuiteFile } from '../../../suite-engine';
import { profileFor } from '../../../lib/test-support/http-server';
import { importCliRun, runFileTooLarge } from './import-run';

const FILE: SuiteFile = { name: 'Refunds', space_id: '101', cases: [{ id: 'a', question: 'Q?' }, { question: 'R?' }] };

/** A run as `npm run suite -- suite.json --json out.json` writes it (same code: newRun with the CLI's profile, runToJson). */
function cliOutput(file: SuiteFile = FILE, patch: Partial<SuiteRun> = {}): string {
  const profile = { ...profileFor('http://127.0.0.1:9'), id: 'command-line', name: 'command line' };
  const run = newRun({ suiteId: 'suite.json', file, profile, concurrency: 2, planned: 2, now: 1_700_000_000_000 });
  const attempt = (caseId: string, status: 'pass' | 'fail') => ({
    caseId,
    variantId: 'default',
    repetition: 1,
    status,
    sessionId: 's',
    turns: [],
    startedAt: 1,
    finishedAt: 2,
  });
  return runToJson({ ...run, status: 'done', attempts: [attempt('a', 'pass'), attempt('case-2', 'fail')], ...patch });
}
const target = { suiteId: 'suite-here', profileId: 'p1', file: FILE };

describe('importing a CLI --json run', () => {
  it('becomes a new run of this suite and profile, marked imported, with its attempts and service as run', () => {
    const result = importCliRun(cliOutput(), target, 42);
    if (!result.ok) throw new Error(JSON.stringify(result.problem));
    expect(result.mismatch).toBeUndefined();
    const { run } = result;
    expect(run.id).toMatch(/^run-/);
    expect(run).toMatchObject({
      suiteId: 'suite-here',
      profileId: 'p1',
      status: 'done',
      startedAt: 1_700_000_000_000,
      imported: { from: 'cli', at: 42 },
      service: { profileName: 'command line', base_url: 'http://127.0.0.1:9' },
    });
    expect(run.attempts.map((a) => a.status)).toEqual(['pass', 'fail']);
    expect(run.suite.name).toBe('Refunds');
  });

  it('refuses what is not a --json run, saying why', () => {
    expect(importCliRun('{', target)).toMatchObject({ ok: false, problem: { kind: 'notRun' } });
    expect(importCliRun(JSON.stringify(FILE), target)).toMatchObject({
      ok: false,
      problem: { kind: 'notRun', detail: expect.stringContaining('knowledge-console-suite-run') },
    });
    const noRun = JSON.parse(cliOutput()) as Record<string, unknown>;
    delete noRun.run;
    expect(importCliRun(JSON.stringify(noRun), target)).toMatchObject({ ok: false, problem: { kind: 'badRun' } });
    const badSuite = JSON.parse(cliOutput()) as { run: { suite: unknown } };
    badSuite.run.suite = { name: 'x' };
    expect(importCliRun(JSON.stringify(badSuite), target)).toMatchObject({ ok: false, problem: { kind: 'badRun' } });
  });

  it('names a suite name or space mismatch, and whether the cases still match', () => {
    const renamed = importCliRun(cliOutput({ ...FILE, name: 'Other', space_id: '7' }), target);
    expect(renamed).toMatchObject({
      ok: true,
      mismatch: { name: { run: 'Other', suite: 'Refunds' }, space: { run: '7', suite: '101' }, casesMatch: true },
    });
    const otherCases = importCliRun(
      cliOutput({ ...FILE, name: 'Other', cases: [{ id: 'z', question: 'Z?' }] }),
      target,
    );
    expect(otherCases).toMatchObject({ ok: true, mismatch: { casesMatch: false } });
    expect(otherCases.ok && otherCases.mismatch?.space).toBeUndefined();
  });

  it('reads a run still marked running as interrupted, and caps run and answers files', () => {
    const result = importCliRun(cliOutput(FILE, { status: 'running' }), target);
    expect(result.ok && result.run.status).toBe('interrupted');
    expect(runFileTooLarge(SUITE_BOUNDS.runFileBytesMax)).toBeUndefined();
    expect(runFileTooLarge(SUITE_BOUNDS.runFileBytesMax + 1)).toEqual({
      kind: 'tooLarge',
      bytes: SUITE_BOUNDS.runFileBytesMax + 1,
      max: SUITE_BOUNDS.runFileBytesMax,
    });
    expect(runFileTooLarge(SUITE_BOUNDS.answersFileBytesMax + 1, true)).toMatchObject({ kind: 'tooLarge' });
  });
});
