import ret, { types, type Set as RetSet, type SetToken, type Token, type Tokens } from 'ret';
import safeRegex from 'safe-regex2';

/**
 * Whether a `matches` pattern can backtrack catastrophically (exponential time on an answer that almost matches).
 * JavaScript's engine backtracks, and an answer is text a document can steer: one such pattern freezes the tab or
 * the CI job. Two checks, both on ret's parse of the pattern, both deterministic and quick:
 *  - safe-regex2 (kept by Fastify): a repetition inside a repetition (`(a+)+`), or more than 25 repetitions;
 *  - alternatives under an unbounded repetition that can match the same text (`(a|a)*`, `(\d|\w)+`, `(a|aa)*`),
 *    which safe-regex2 does not look for: alternatives of single characters are compared position by position,
 *    others by their first character (a false alarm is possible there; the message says how to rewrite).
 * A pattern ret cannot read (lookbehind, inline modifiers) is refused only if it repeats a group.
 */
export function canBacktrackCatastrophically(source: string, flags = ''): boolean {
  // A suite is checked on every edit, and its cases mostly share a few patterns.
  const key = `${flags}/${source}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
    verdicts.set(key, (verdict = check(source, flags)));
  }
  return verdict;
}

const VERDICTS_KEPT = 10_000;
const verdicts = new Map<string, boolean>();

function check(source: string, flags: string): boolean {
  let root: Tokens;
  try {
    root = ret(source);
  } catch {
    return /\)(?:[*+]|\{\d+,\})/.test(source);
  }
  if (!safeRegex(source)) return true;
  return hasAmbiguousLoop(root, false, flags.includes('i'));
}

/** A set of code points as sorted, disjoint [from, to] ranges. */
type Ranges = [number, number][];
const MAX_CODE_POINT = 0x10ffff;

function normalise(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [from, to] of sorted) {
    const last = out.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** With the `i` flag, ASCII letters of either case. */
function foldCase(ranges: Ranges): Ranges {
  const extra: Ranges = [];
  for (const [from, to] of ranges) {
    for (const [lo, hi, shift] of [
      [65, 90, 32],
      [97, 122, -32],
    ] as const) {
      const a = Math.max(from, lo);
      const b = Math.min(to, hi);
      if (a <= b) extra.push([a + shift, b + shift]);
    }
  }
  return normalise([...ranges, ...extra]);
}

function setRanges(token: SetToken | RetSet): Ranges {
  if (token.type === types.CHAR) return [[token.value, token.value]];
  if (token.type === types.RANGE) return [[token.from, token.to]];
  const inner = normalise(token.set.flatMap(setRanges));
  return token.not ? complement(inner) : inner;
}

const overlap = (a: Ranges, b: Ranges) => a.some(([f1, t1]) => b.some(([f2, t2]) => f1 <= t2 && f2 <= t1));

/** An alternative of single characters (or classes), zero-width positions left out; undefined when it has more. */
function simpleSequence(tokens: Token[], fold: boolean): Ranges[] | undefined {
  const out: Ranges[] = [];
  for (const token of tokens) {
    if (token.type === types.POSITION) continue;
    if (token.type !== types.CHAR && token.type !== types.SET) return undefined;
    const ranges = setRanges(token);
    out.push(fold ? foldCase(ranges) : ranges);
  }
  return out;
}

/** The characters an alternative can start with; undefined when it may start with anything or match nothing. */
function firstChars(tokens: Token[], fold: boolean): Ranges | undefined {
  for (const token of tokens) {
    if (token.type === types.POSITION) continue;
    if (token.type === types.CHAR || token.type === types.SET) {
      const ranges = setRanges(token);
      return fold ? foldCase(ranges) : ranges;
    }
    if (token.type === types.REPETITION && token.min > 0) return firstChars([token.value], fold);
    if (token.type === types.GROUP && !token.followedBy && !token.notFollowedBy && !token.lookBehind) {
      const options = token.options ?? [token.stack ?? []];
      const parts = options.map((o) => firstChars(o, fold));
      if (parts.some((p) => p === undefined)) return undefined;
      return normalise(parts.flatMap((p) => p!));
    }
    return undefined;
  }
  return undefined;
}

/** Whether two alternatives of one group may match the same text. */
function ambiguous(a: Token[], b: Token[], all: Token[][], fold: boolean): boolean {
  const sa = simpleSequence(a, fold);
  const sb = simpleSequence(b, fold);
  if (sa && sb) {
    const [short, long] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
    if (!short.every((ranges, i) => overlap(ranges, long[i]!))) return false;
    if (short.length === long.length) return true;
    // `(a|aa)*`: the longer one's rest could be matched by another turn of the loop.
    const rest = long[short.length]!;
    return all.some((option) => {
      const first = firstChars(option, fold);
      return first === undefined || overlap(first, rest);
    });
  }
  const fa = firstChars(a, fold);
  const fb = firstChars(b, fold);
  return fa === undefined || fb === undefined || overlap(fa, fb);
}

function hasAmbiguousLoop(token: Tokens, inLoop: boolean, fold: boolean): boolean {
  if (token.type === types.REPETITION) {
    return hasAmbiguousLoop(token.value, inLoop || token.max === Infinity, fold);
  }
  if (token.type !== types.GROUP && token.type !== types.ROOT) return false;
  const options = token.options ?? [token.stack ?? []];
  if (inLoop && options.length > 1) {
    for (let i = 0; i < options.length; i++)
      for (let j = i + 1; j < options.length; j++) if (ambiguous(options[i]!, options[j]!, options, fold)) return true;
  }
  return options.some((option) => option.some((t) => hasAmbiguousLoop(t, inLoop, fold)));
}
