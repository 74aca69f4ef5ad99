import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import {
  BEHAVIOUR_LABELS,
  mergeShown,
  parseShownBehaviour,
  type BehaviourKey,
  type BehaviourStore,
  type ShownBehaviour,
} from '../src/removal-engine/probe';

/**
 * `npm run remove --behaviour-file FILE`: what a service has shown of the behaviours its interface leaves "not shown"
 * (src/removal-engine/probe/behaviour.ts), kept across runs so a run does not pay again to learn it (the restricted
 * probe that learns how a restriction treats a deleted document) and a verdict early in a run does not read "can't
 * tell" for want of it. One small JSON file, one entry per service, keyed by its base URL without credentials, query
 * or fragment (never the token):
 *
 *   {"version": 1, "services": {"https://kc.example/api": {"restrictionOnDeleted": {"value": …, "at": …}, …}}}
 *
 * A file that cannot be read or is not this shape is said (warn) and treated as nothing learnt; it is then left as
 * it is (never written over: it may be another version's, or the operator's to look at). A service's entry that is
 * malformed in a good file is nothing learnt too, and replaced by what this run shows.
 */
export const BEHAVIOUR_FILE_VERSION = 1;

/** The key of a service in the file: its base URL without user, password, query or fragment. */
export function serviceKey(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

interface FileShape {
  version: number;
  services: Record<string, unknown>;
}

type Read = { ok: true; file: FileShape } | { ok: false; problem: string };

function readFile(path: string): Read {
  if (!existsSync(path)) return { ok: true, file: { version: BEHAVIOUR_FILE_VERSION, services: {} } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const why = error instanceof SyntaxError ? 'not JSON' : error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `cannot be read (${why})` };
  }
  const shape = parsed as Partial<FileShape> | null;
  if (!shape || typeof shape !== 'object' || !shape.services || typeof shape.services !== 'object')
    return { ok: false, problem: 'is not a behaviour file of npm run remove' };
  if (shape.version !== BEHAVIOUR_FILE_VERSION)
    return { ok: false, problem: `is of another version (${JSON.stringify(shape.version)})` };
  return { ok: true, file: { version: BEHAVIOUR_FILE_VERSION, services: { ...shape.services } } };
}

/** The behaviours a record shows, worded (for the run's first lines). */
export const shownLabels = (shown: ShownBehaviour) =>
  (Object.keys(shown) as BehaviourKey[]).filter((k) => shown[k]).map((k) => BEHAVIOUR_LABELS[k]);

export interface CliBehaviour {
  /** What the service has shown, from the state file and the behaviour file together. */
  shown: ShownBehaviour;
  store: BehaviourStore;
}

/**
 * The CLI's record of the service's behaviour: the state file's (a resumed run) joined with the behaviour file's
 * entry for this service; each save goes to the state file (`keep`) and to the behaviour file, re-read and written
 * whole through a renamed temporary file so another run's entries are kept and a kill leaves the old file.
 */
export function cliBehaviour(options: {
  baseUrl: string;
  file?: string;
  kept?: ShownBehaviour;
  keep?: (shown: ShownBehaviour) => void;
  warn: (message: string) => void;
}): CliBehaviour {
  const key = serviceKey(options.baseUrl);
  const { file, warn } = options;
  let writable = !!file;
  let fromFile: ShownBehaviour = {};
  if (file) {
    const read = readFile(file);
    if (!read.ok) {
      warn(`--behaviour-file ${file} ${read.problem}: treated as nothing learnt, and left as it is`);
      writable = false;
    } else if (read.file.services[key] !== undefined) {
      const entry = parseShownBehaviour(read.file.services[key]);
      if (entry) fromFile = entry;
      else warn(`--behaviour-file ${file}: the entry of ${key} is malformed: treated as nothing learnt`);
    }
  }
  let shown = mergeShown(options.kept ?? {}, fromFile);
  let failed = false;
  const writeFile = (next: ShownBehaviour) => {
    if (!file || !writable) return;
    try {
      const read = readFile(file);
      if (!read.ok) throw new Error(read.problem);
      read.file.services[key] = next;
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(read.file, null, 2)}\n`);
      renameSync(tmp, file);
    } catch (error) {
      // Said once; the run goes on (its state file still keeps it).
      if (!failed)
        warn(`--behaviour-file ${file} not written: ${error instanceof Error ? error.message : String(error)}`);
      failed = true;
    }
  };
  return {
    shown,
    store: {
      load: async () => shown,
      save: async (_profileId, next) => {
        shown = next;
        options.keep?.(next);
        writeFile(next);
      },
    },
  };
}
