import { compileMatches, type Expectations } from './suite-file';
import { documentIdOf, documentIdText } from './retrieval';
import { notGraded } from './grader';
import { tokenF1 } from './similarity';
import type { AssertionOutcome } from './types';
import { streamCompletesOutcome, ttftOutcome, type StreamEnd } from './stream-checks';
import { abstainsOutcome } from './abstention';

/** What an assertion looks at: the answer's text, its sources, its latency and token usage. */
export interface AnswerFacts {
  text: string;
  sources: readonly { document_id?: string | number; score?: number }[];
  latencyMs: number;
  totalTokens?: number;
  /** From send to the first streamed text (a `stream` event with text), when the answer was streamed. */
  firstTextMs?: number;
  /** How a stream request ended (stream-checks.ts); undefined when none was asked for. */
  streamEnd?: StreamEnd;
  /** What broke the stream off, in the runner's words (for stream_completes' detail). */
  streamProblem?: string;
  /** The suite's abstention phrases, every language's (suite-file.ts abstention_phrases). */
  abstentionPhrases?: readonly string[];
}

const fold = (s: string) => s.normalize('NFC').toLocaleLowerCase('en');
const quote = (values: readonly string[]) => values.map((v) => JSON.stringify(v)).join(', ');
const ms = (n: number) => `${Math.round(n)} ms`;

/** The best source score, when any source has one. */
export function topScore(sources: AnswerFacts['sources']): number | undefined {
  const scores = sources.map((s) => s.score).filter((s): s is number => typeof s === 'number' && Number.isFinite(s));
  return scores.length ? Math.max(...scores) : undefined;
}

/**
 * Every assertion of `expect` on one answer, in the file's key order. Substring checks are case-insensitive;
 * a case without assertions passes when the answer is not empty.
 */
export function evaluate(expect: Expectations | undefined, facts: AnswerFacts): AssertionOutcome[] {
  const out: AssertionOutcome[] = [];
  const text = fold(facts.text);
  const keys = expect ? (Object.keys(expect) as (keyof Expectations)[]) : [];
  for (const key of keys) {
    switch (key) {
      case 'contains': {
        const missing = expect!.contains!.filter((v) => !text.includes(fold(v)));
        out.push({ key, ok: missing.length === 0, detail: missing.length ? `missing ${quote(missing)}` : 'all found' });
        break;
      }
      case 'contains_any': {
        const found = expect!.contains_any!.filter((v) => text.includes(fold(v)));
        out.push({
          key,
          ok: found.length > 0,
          detail: found.length ? `found ${quote(found)}` : `none of ${quote(expect!.contains_any!)}`,
        });
        break;
      }
      case 'not_contains': {
        const found = expect!.not_contains!.filter((v) => text.includes(fold(v)));
        out.push({ key, ok: found.length === 0, detail: found.length ? `found ${quote(found)}` : 'none found' });
        break;
      }
      case 'matches': {
        // RE2 (re2js): linear in the answer whatever the pattern, so an answer cannot stall the run.
        const re = compileMatches(expect!.matches!);
        const hit = re ? re.exec(facts.text) : null;
        out.push({
          key,
          ok: !!hit,
          detail: hit ? `matched ${JSON.stringify(hit[0].slice(0, 80))}` : `no match for ${expect!.matches}`,
        });
        break;
      }
      case 'cites_document': {
        const cited = new Set(facts.sources.map(documentIdOf));
        const missing = expect!
          .cites_document!.map((id) => documentIdText(id) ?? String(id))
          .filter((id) => !cited.has(id));
        out.push({
          key,
          ok: missing.length === 0,
          detail: missing.length ? `not cited: ${missing.join(', ')}` : 'all cited',
        });
        break;
      }
      case 'not_cites_document': {
        const cited = new Set(facts.sources.map(documentIdOf));
        const found = [expect!.not_cites_document!]
          .flat()
          .map(String)
          .filter((id) => cited.has(id));
        out.push({ key, ok: found.length === 0, detail: found.length ? `cited: ${found.join(', ')}` : 'none cited' });
        break;
      }
      case 'min_sources': {
        const n = facts.sources.length;
        out.push({ key, ok: n >= expect!.min_sources!, detail: `${n} source${n === 1 ? '' : 's'}` });
        break;
      }
      case 'min_top_score': {
        const best = topScore(facts.sources);
        out.push({
          key,
          ok: best !== undefined && best >= expect!.min_top_score!,
          detail: best === undefined ? 'no source has a score' : `top score ${Number(best.toFixed(3))}`,
        });
        break;
      }
      case 'max_latency_ms':
        out.push({
          key,
          ok: facts.latencyMs <= expect!.max_latency_ms!,
          detail: `${ms(facts.latencyMs)}${facts.latencyMs <= expect!.max_latency_ms! ? ' ≤ ' : ' > '}${ms(expect!.max_latency_ms!)}`,
        });
        break;
      case 'max_total_tokens': {
        const used = facts.totalTokens;
        out.push({
          key,
          ok: used !== undefined && used <= expect!.max_total_tokens!,
          detail: used === undefined ? 'no token usage in the answer' : `${used} tokens`,
        });
        break;
      }
      case 'max_ttft_ms':
        out.push(ttftOutcome(expect!.max_ttft_ms!, facts.firstTextMs, facts.streamEnd));
        break;
      case 'stream_completes':
        out.push(streamCompletesOutcome(facts.streamEnd, facts.streamProblem));
        break;
      case 'abstains':
        out.push(abstainsOutcome(expect!.abstains!, facts, facts.abstentionPhrases));
        break;
      case 'similar_to': {
        const { text: reference, min } = expect!.similar_to!;
        const score = Number(tokenF1(facts.text, reference).toFixed(3));
        out.push({ key, ok: score >= min, score, detail: `similarity ${score} ${score >= min ? '≥' : '<'} ${min}` });
        break;
      }
      case 'rubric':
        // Graded after the answer by the run's grader (run.ts); until then, and without one, never a pass.
        out.push(notGraded());
        break;
    }
  }
  if (keys.length === 0) {
    const empty = facts.text.trim() === '';
    out.push({ key: 'answered', ok: !empty, detail: empty ? 'the answer is empty' : 'answered' });
  }
  return out;
}
