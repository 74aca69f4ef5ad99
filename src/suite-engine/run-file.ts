import { readBaselineJson } from './baseline';
import { checkSuite } from './suite-file';
import type { RunStatus, SuiteRun } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const STATUSES = new Set<string>(['running', 'done', 'stopped', 'interrupted', 'failed', 'timed_out']);

/**
 * The kept run inside a `--json` output (its suite, attempts, service, `only` and `shard`), for `merge`: the
 * format is checked by the baseline's reader (the one reader of that file), then the run itself. A sentence
 * saying why not when it is not one.
 */
export function readRunJson(text: string): { ok: true; run: SuiteRun } | { ok: false; error: string } {
  const format = readBaselineJson(text);
  if (!format.ok) return format;
  const raw = (JSON.parse(text.replace(/^\uFEFF/, '')) as { run?: unknown }).run;
  if (!isObject(raw)) return { ok: false, error: 'a --json output without its run ("run")' };
  if (!Array.isArray(raw.attempts)) return { ok: false, error: 'a run without its attempts (run.attempts)' };
  if (typeof raw.startedAt !== 'number') return { ok: false, error: 'a run without run.startedAt' };
  const suite = checkSuite(raw.suite);
  if (!suite.ok) return { ok: false, error: `a run whose suite does not read (run.suite: ${suite.errors[0]})` };
  if (raw.only !== undefined && !(Array.isArray(raw.only) && raw.only.every((k) => typeof k === 'string')))
    return { ok: false, error: 'a run whose run.only is not a list of case keys' };
  const status = (STATUSES.has(String(raw.status)) ? raw.status : 'interrupted') as RunStatus;
  // Still "running" when written: the process ended before closing it.
  return {
    ok: true,
    run: { ...(raw as unknown as SuiteRun), suite: suite.file, status: status === 'running' ? 'interrupted' : status },
  };
}
