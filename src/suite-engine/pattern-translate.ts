import { RE2JS } from 're2js';

/**
 * `matches` patterns are written in JavaScript's syntax and judged by RE2 (re2js, a pure-JS port that runs in the
 * console and the CLI alike): RE2 matches in time linear in the answer, whatever the pattern, so no pattern and no
 * answer can freeze a tab or a CI job (JavaScript's engine backtracks: `/(k|\u212A)+$/iu` took 55 s on 26
 * characters, and the time grows exponentially with each more). RE2's syntax is not JavaScript's, so this one
 * translator reads the JavaScript pattern and writes RE2's, or refuses what RE2 cannot run, with the place and why.
 *
 * Flags: `i`, `m`, `s`, `u` are kept; `g` and `d` are ignored (an assertion looks for one match, and reads no
 * indices); `y` is refused (a sticky match would only be tried at the answer's start: write `^` instead) and so is
 * `v` (its set syntax is not translated: use `u`).
 *
 * Kept: literals (any character is written as `\x{…}` unless a letter, digit, `_` or space), `\uXXXX` (a surrogate
 * pair as one character), `\u{…}` and `\p{…}`/`\P{…}` with `u`, `\xHH`, `\cX`, `\0`, `\t\n\v\f\r`, `\d\w\b` and
 * their negations (ASCII in both), `\s`/`\S` (JavaScript's white space, which RE2's `\s` is not), `.` (with or
 * without `s`: JavaScript's `.` also stops at `\r`, U+2028 and U+2029), classes, `(?:…)`, groups (named or not:
 * captures do not change whether or where a pattern matches) and every quantifier, lazy or not, up to RE2's 1000.
 *
 * Refused: backreferences (`\1`, `\k<name>`), lookahead and lookbehind, inline modifiers `(?i:…)`, legacy octal
 * escapes, `\u{…}` without `u` (there it repeats the letter u), and what RE2 does not know (a Unicode property,
 * a repeat over 1000).
 *
 * Known differences, kept small: with `i`, RE2 folds case by Unicode's rules with or without `u` (`/k/i` also
 * matches the Kelvin sign K); with `m`, a line ends at `\n` only (JavaScript also ends one at `\r`, U+2028, U+2029);
 * without `u`, a character outside the Basic Multilingual Plane is one character, not two halves.
 */

export type Translation =
  | { ok: true; source: string; flags: number }
  | {
      ok: false;
      /** 0-based, in the source given (the caller adds what stood before it). */
      index: number;
      /** The text refused, e.g. `\1` or `(?=`. */
      token: string;
      reason: string;
    };

class Refusal {
  constructor(
    readonly index: number,
    readonly token: string,
    readonly reason: string,
  ) {}
}

/** JavaScript's `\s`: white space and line terminators (RE2's `\s` is only `[\t\n\f\r ]`). */
const WHITE_SPACE: readonly [number, number][] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const MAX_CODE_POINT = 0x10ffff;

function complement(ranges: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

const hex = (cp: number) => `\\x{${cp.toString(16)}}`;
/** One character as RE2 reads it alike in and out of a class: plain when a letter, digit, `_` or space. */
const lit = (cp: number) => (/^[A-Za-z0-9_ ]$/.test(String.fromCodePoint(cp)) ? String.fromCodePoint(cp) : hex(cp));
const rangesText = (ranges: readonly [number, number][]) =>
  ranges.map(([a, b]) => (a === b ? lit(a) : `${lit(a)}-${lit(b)}`)).join('');
const WS_IN_CLASS = rangesText(WHITE_SPACE);
const NOT_WS_IN_CLASS = rangesText(complement(WHITE_SPACE));

/** JavaScript's long General_Category names and aliases; RE2 knows the short ones. */
const CATEGORY: Record<string, string> = {
  Letter: 'L',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Combining_Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Surrogate: 'Cs',
  Private_Use: 'Co',
  Unassigned: 'Cn',
};

const isHex = (s: string) => /^[0-9a-fA-F]+$/.test(s);
const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** What one escape inside or outside a class stands for. */
type Escaped =
  { kind: 'char'; cp: number } | { kind: 'class'; text: string; inClass: string } | { kind: 'raw'; text: string };

class Translator {
  private i = 0;
  private readonly unicode: boolean;
  private readonly dotAll: boolean;

  constructor(
    private readonly src: string,
    flags: string,
  ) {
    this.unicode = flags.includes('u');
    this.dotAll = flags.includes('s');
  }

  run(): string {
    let out = '';
    const s = this.src;
    while (this.i < s.length) {
      const start = this.i;
      const c = s[this.i]!;
      if (c === '\\') {
        const e = this.escape(false);
        out += e.kind === 'char' ? lit(e.cp) : e.text;
      } else if (c === '[') {
        out += this.charClass();
      } else if (c === '(') {
        out += this.group();
      } else if (c === ')' || c === '|' || c === '^' || c === '$' || c === '*' || c === '+' || c === '?') {
        out += c;
        this.i++;
      } else if (c === '{') {
        const q = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(start));
        if (q) {
          out += q[0];
          this.i += q[0].length;
        } else {
          out += lit(0x7b);
          this.i++;
        }
      } else if (c === '.') {
        out += this.dotAll ? '(?s:.)' : `[^${hex(0x0a)}${hex(0x0d)}${hex(0x2028)}${hex(0x2029)}]`;
        this.i++;
      } else {
        const cp = s.codePointAt(this.i)!;
        out += lit(cp);
        this.i += cp > 0xffff ? 2 : 1;
      }
    }
    return out;
  }

  private group(): string {
    const s = this.src;
    const start = this.i;
    if (s[start + 1] !== '?') {
      this.i++;
      return '(?:';
    }
    const head = s.slice(start, start + 4);
    if (head.startsWith('(?:')) {
      this.i += 3;
      return '(?:';
    }
    if (head.startsWith('(?=') || head.startsWith('(?!'))
      throw new Refusal(start, head.slice(0, 3), 'a lookahead, which the linear-time engine (RE2) cannot run');
    if (head.startsWith('(?<=') || head.startsWith('(?<!'))
      throw new Refusal(start, head, 'a lookbehind, which the linear-time engine (RE2) cannot run');
    if (head.startsWith('(?<')) {
      const close = s.indexOf('>', start);
      this.i = close + 1;
      return '(?:';
    }
    throw new Refusal(
      start,
      s.slice(start, start + 3),
      'an inline modifier, which is not translated: set the flag on the whole pattern (/…/i)',
    );
  }

  /** `[…]`: RE2's class syntax differs (`[]a]`, `[[:alpha:]]`), so every member is written out. */
  private charClass(): string {
    const s = this.src;
    this.i++;
    const negated = s[this.i] === '^';
    if (negated) this.i++;
    let body = '';
    let members = 0;
    while (this.i < s.length && s[this.i] !== ']') {
      const from = this.member();
      members++;
      if (s[this.i] === '-' && s[this.i + 1] !== ']' && this.i + 1 < s.length && from.kind === 'char') {
        const dash = this.i;
        this.i++;
        const to = this.member();
        if (to.kind === 'char') {
          body += `${lit(from.cp)}-${lit(to.cp)}`;
          continue;
        }
        // `[a-\d]` (only without u): a, -, and the class.
        this.i = dash;
      }
      body += from.kind === 'char' ? lit(from.cp) : from.kind === 'class' ? from.inClass : from.text;
    }
    this.i++; // the closing ]
    if (members === 0) return negated ? `[${hex(0)}-${hex(MAX_CODE_POINT)}]` : `[^${hex(0)}-${hex(MAX_CODE_POINT)}]`;
    return `[${negated ? '^' : ''}${body}]`;
  }

  private member(): Escaped {
    const s = this.src;
    const start = this.i;
    if (s[start] === '\\') return this.escape(true);
    const cp = this.unicode ? s.codePointAt(start)! : s.charCodeAt(start);
    if (!this.unicode && (isHighSurrogate(cp) || isLowSurrogate(cp)))
      throw new Refusal(
        start,
        s.slice(start, start + 2),
        'a character outside the Basic Multilingual Plane in a class, which needs the u flag',
      );
    this.i += cp > 0xffff ? 2 : 1;
    return { kind: 'char', cp };
  }

  /** After a backslash at this.i. */
  private escape(inClass: boolean): Escaped {
    const s = this.src;
    const start = this.i;
    const c = s[start + 1] ?? '';
    this.i = start + 2;
    const char = (cp: number): Escaped => ({ kind: 'char', cp });
    switch (c) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        return { kind: 'class', text: `\\${c}`, inClass: `\\${c}` };
      case 's':
        return { kind: 'class', text: `[${WS_IN_CLASS}]`, inClass: WS_IN_CLASS };
      case 'S':
        return { kind: 'class', text: `[^${WS_IN_CLASS}]`, inClass: NOT_WS_IN_CLASS };
      case 'b':
        return inClass ? char(0x08) : { kind: 'raw', text: '\\b' };
      case 'B':
        if (!inClass) return { kind: 'raw', text: '\\B' };
        return char(0x42);
      case 't':
        return char(0x09);
      case 'n':
        return char(0x0a);
      case 'v':
        return char(0x0b);
      case 'f':
        return char(0x0c);
      case 'r':
        return char(0x0d);
      case '0':
        if (/[0-9]/.test(s[start + 2] ?? ''))
          throw new Refusal(start, s.slice(start, start + 3), 'a legacy octal escape: write \\x{…} instead');
        return char(0);
      case 'c': {
        const letter = s[start + 2] ?? '';
        if (/[A-Za-z]/.test(letter)) {
          this.i++;
          return char(letter.charCodeAt(0) % 32);
        }
        // Without u, `\c` before anything else is a backslash and a c.
        this.i = start + 1;
        return char(0x5c);
      }
      case 'x': {
        const h = s.slice(start + 2, start + 4);
        if (h.length === 2 && isHex(h)) {
          this.i += 2;
          return char(parseInt(h, 16));
        }
        return char(0x78);
      }
      case 'u':
        return this.unicodeEscape(start);
      case 'p':
      case 'P':
        if (!this.unicode) return char(c.charCodeAt(0));
        return this.property(start, c);
      case 'k':
        if (s[start + 2] === '<') {
          const close = s.indexOf('>', start);
          throw new Refusal(
            start,
            s.slice(start, close === -1 ? start + 3 : close + 1),
            'a backreference, which the linear-time engine (RE2) cannot run',
          );
        }
        return char(0x6b);
      default:
        if (/[1-9]/.test(c)) {
          const digits = /^[0-9]+/.exec(s.slice(start + 1))![0];
          throw new Refusal(
            start,
            `\\${digits}`,
            this.unicode
              ? 'a backreference, which the linear-time engine (RE2) cannot run'
              : 'a backreference (or a legacy octal escape), which the linear-time engine (RE2) cannot run',
          );
        }
        {
          // An escaped syntax character, or (without u) any character standing for itself.
          const cp = s.codePointAt(start + 1)!;
          this.i = start + 1 + (cp > 0xffff ? 2 : 1);
          return char(cp);
        }
    }
  }

  private unicodeEscape(start: number): Escaped {
    const s = this.src;
    if (s[start + 2] === '{') {
      const close = s.indexOf('}', start);
      if (!this.unicode)
        throw new Refusal(
          start,
          s.slice(start, close === -1 ? start + 3 : close + 1),
          '\\u{…} needs the u flag (without it, it repeats the letter u)',
        );
      this.i = close + 1;
      return { kind: 'char', cp: parseInt(s.slice(start + 3, close), 16) };
    }
    const h = s.slice(start + 2, start + 6);
    if (h.length !== 4 || !isHex(h)) return { kind: 'char', cp: 0x75 };
    this.i = start + 6;
    const unit = parseInt(h, 16);
    // A pair of escapes (\uD83D\uDE00) is the one character it encodes, in both modes.
    const next = /^\\u([0-9a-fA-F]{4})/.exec(s.slice(start + 6, start + 12));
    if (isHighSurrogate(unit) && next && isLowSurrogate(parseInt(next[1]!, 16))) {
      this.i = start + 12;
      return { kind: 'char', cp: 0x10000 + ((unit - 0xd800) << 10) + (parseInt(next[1]!, 16) - 0xdc00) };
    }
    return { kind: 'char', cp: unit };
  }

  private property(start: number, c: string): Escaped {
    const s = this.src;
    const close = s.indexOf('}', start);
    this.i = close + 1;
    const token = s.slice(start, close + 1);
    const body = s.slice(start + 3, close);
    const [key, value] = body.includes('=') ? body.split('=', 2) : [undefined, body];
    let name: string;
    if (key === undefined) name = CATEGORY[value!] ?? value!;
    else if (key === 'gc' || key === 'General_Category') name = CATEGORY[value!] ?? value!;
    else if (key === 'sc' || key === 'Script') name = value!;
    else throw new Refusal(start, token, `the Unicode property ${key} is not known to RE2 (use Script=)`);
    if (!/^[A-Za-z_]+$/.test(name))
      throw new Refusal(start, token, 'a Unicode property the linear-time engine (RE2) does not know');
    try {
      RE2JS.compile(`\\p{${name}}`);
    } catch {
      throw new Refusal(start, token, 'a Unicode property the linear-time engine (RE2) does not know');
    }
    const text = `\\${c}{${name}}`;
    return { kind: 'class', text, inClass: text };
  }
}

/**
 * A JavaScript pattern (already known to be valid: `new RegExp(source, flags)` did not throw) as RE2 source and
 * re2js flags, or why it cannot be.
 */
export function translatePattern(source: string, flags: string): Translation {
  if (flags.includes('y'))
    return {
      ok: false,
      index: -1,
      token: 'y',
      reason: 'the y flag is not supported: start the pattern with ^ instead',
    };
  if (flags.includes('v')) return { ok: false, index: -1, token: 'v', reason: 'the v flag is not supported: use u' };
  let out: string;
  try {
    out = new Translator(source, flags).run();
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, index: error.index, token: error.token, reason: error.reason };
    throw error;
  }
  let re2Flags = 0;
  if (flags.includes('i')) re2Flags |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) re2Flags |= RE2JS.MULTILINE;
  return { ok: true, source: out, flags: re2Flags };
}

/** A translated pattern compiled, or RE2's reason for refusing it (a repeat over 1000, a pattern too large). */
export function compileTranslated(t: { source: string; flags: number }): RE2JS | string {
  try {
    return RE2JS.compile(t.source, t.flags);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/invalid repeat count/.test(message))
      return 'a repeat count over 1000 (nested repeats multiply), more than the linear-time engine (RE2) allows';
    if (/too large|too many/i.test(message)) return 'too large for the linear-time engine (RE2)';
    return `the linear-time engine (RE2) cannot run it (${message.replace(/^error parsing regexp: /, '')})`;
  }
}

/** `matches` as source and flags: a plain pattern (`\b14\s+days\b`) or a literal with flags (`/14 days/i`). */
function splitMatches(pattern: string): { source: string; flags: string; offset: number } {
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  return literal ? { source: literal[1]!, flags: literal[2]!, offset: 1 } : { source: pattern, flags: '', offset: 0 };
}

function isJavaScriptPattern(source: string, flags: string): boolean {
  try {
    return new RegExp(source, flags) instanceof RegExp;
  } catch {
    return false;
  }
}

type Judged = { re: RE2JS; problem?: undefined } | { re?: undefined; problem: string };

function judge(pattern: string): Judged {
  const { source, flags, offset } = splitMatches(pattern);
  // What the admin wrote is JavaScript: its syntax errors are JavaScript's.
  if (!isJavaScriptPattern(source, flags)) return { problem: 'not a valid regular expression' };
  const t = translatePattern(source, flags);
  if (!t.ok)
    return { problem: t.index < 0 ? t.reason : `${t.token} at character ${offset + t.index + 1}: ${t.reason}` };
  const re = compileTranslated(t);
  return typeof re === 'string' ? { problem: re } : { re };
}

// A suite is checked on every edit and its cases mostly share a few patterns; a compiled RE2JS is stateless.
const JUDGED_KEPT = 10_000;
const judged = new Map<string, Judged>();

function judgeOnce(pattern: string): Judged {
  let verdict = judged.get(pattern);
  if (verdict === undefined) {
    if (judged.size >= JUDGED_KEPT) judged.clear();
    judged.set(pattern, (verdict = judge(pattern)));
  }
  return verdict;
}

/** `matches` compiled for the linear-time engine; undefined when it cannot be (matchesProblem says why). */
export const compileMatches = (pattern: string): RE2JS | undefined => judgeOnce(pattern).re;

/** Why a `matches` pattern cannot be judged, in one line with the place (`\1 at character 5: a backreference…`). */
export const matchesProblem = (pattern: string): string | undefined => judgeOnce(pattern).problem;
