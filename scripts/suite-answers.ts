/**
 * The suite CLI's answers on disk: each attempt's request, answer and response written as it arrives (one line of
 * JSON, the run file's answers file: src/suite-engine/run-file.ts), the run in memory keeping only the rest. A
 * report that shows answers reads a case's back by offset (a few at a time), so memory stays flat however many
 * sessions run: measured by `npm run bench -- suites` (scripts/bench-suite-memory.ts).
 */
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import {
  attemptKey,
  joinAttempt,
  readRunFile,
  splitAttempt,
  type AttemptDetails,
  type AttemptResult,
  type RunFileRead,
} from '../src/suite-engine';

export class AnswersFile {
  private readonly fd: number;
  private offset = 0;
  private readonly at = new Map<string, { offset: number; bytes: number }>();

  /** `path` is created (or emptied); without it, a file in a new temporary folder, removed by close(). */
  constructor(path?: string) {
    this.temporary = path ? undefined : mkdtempSync(join(tmpdir(), 'kc-suite-answers-'));
    this.path = path ?? join(this.temporary!, 'answers.jsonl');
    this.fd = openSync(this.path, 'w+');
  }

  readonly path: string;
  private readonly temporary: string | undefined;

  /**
   * Sources and questions kept once: every session of a case cites much the same chunks (same document, chunk and
   * score), and a 10,000-session run held each citation as its own object, about a third of what it kept.
   */
  private readonly shared = new Map<string, unknown>();
  private once<T>(key: string, value: T): T {
    const known = this.shared.get(key);
    if (known !== undefined) return known as T;
    this.shared.set(key, value);
    return value;
  }

  /** Writes the attempt's details; returns what the run keeps of it in memory. */
  add(attempt: AttemptResult): AttemptResult {
    const split = splitAttempt(attempt);
    const { details } = split;
    const light = {
      ...split.light,
      turns: split.light.turns.map((t) => ({
        ...t,
        question: this.once(`q\u0000${t.question}`, t.question),
        sources: t.sources.map((source) => this.once(`s\u0000${JSON.stringify(source)}`, source)),
      })),
    };
    const line = Buffer.from(`${JSON.stringify(details)}\n`);
    writeSync(this.fd, line, 0, line.length, this.offset);
    this.at.set(attemptKey(attempt), { offset: this.offset, bytes: line.length });
    this.offset += line.length;
    return light;
  }

  /** A light attempt with its details read back (as it was before add). */
  readonly details = (light: AttemptResult): AttemptResult => {
    const where = this.at.get(attemptKey(light));
    if (!where) return light;
    const buffer = Buffer.alloc(where.bytes);
    readSync(this.fd, buffer, 0, where.bytes, where.offset);
    return joinAttempt(light, JSON.parse(buffer.toString('utf8')) as AttemptDetails);
  };

  close(): void {
    closeSync(this.fd);
    if (this.temporary) rmSync(this.temporary, { recursive: true, force: true });
  }
}

/** A file's lines, read a megabyte at a time (an answers file can be far larger than one string may be). */
export function* linesOfFile(path: string): Generator<string> {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(1 << 20);
    let rest = '';
    const decoder = new TextDecoder();
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      rest += decoder.decode(buffer.subarray(0, n), { stream: true });
      const lines = rest.split('\n');
      rest = lines.pop()!;
      yield* lines;
    }
    rest += decoder.decode();
    if (rest) yield rest;
  } finally {
    closeSync(fd);
  }
}

/**
 * A run file read with its answers file (version 2 names it; it is looked for beside the run file), by the engine's
 * one reader. `missingAnswers`: the answers file it names is not there.
 */
export function readRunFileAt(
  path: string,
  text: string,
): (RunFileRead & { missingAnswers?: string }) | { ok: false; error: string } {
  const head = readRunFile(text);
  if (!head.ok || !head.answersFile) return head;
  const answers = answersBeside(path, head.answersFile);
  if (!existsSync(answers)) return { ...head, missingAnswers: answers };
  return readRunFile(text, linesOfFile(answers));
}

/** Where a run file's answers file is: the name it gives, in the run file's folder (never a path of its own). */
const answersBeside = (path: string, name: string) => join(dirname(path), basename(name));

/** The lines of the answers file a run file names, when it is there (a --baseline's: edited cases judged again). */
export function answerLinesOf(path: string, text: string): Iterable<string> | undefined {
  const head = readRunFile(text);
  if (!head.ok || !head.answersFile) return undefined;
  const answers = answersBeside(path, head.answersFile);
  return existsSync(answers) ? linesOfFile(answers) : undefined;
}
