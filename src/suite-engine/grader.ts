import { bytesLabel, READ_BOUNDS } from '../api/constants';
import { readCappedText } from '../api/http/read-capped';
import { maskSecrets, urlSecrets } from '../lib/mask';
import type { AssertionOutcome } from './types';

/**
 * An LLM that grades `expect.rubric`: any OpenAI-compatible chat endpoint. `url` is the API root (the one that
 * `/chat/completions` hangs from, e.g. https://api.openai.com/v1); `key`, when given, is sent as a bearer token and
 * never kept with a run or written to a report.
 */
export interface Grader {
  url: string;
  model: string;
  key?: string;
  /** Each call (headers and body). Default GRADER_BOUNDS.timeoutMs. */
  timeoutMs?: number;
}

/**
 * A grader's limits: each call's time (`--grader-timeout-ms`), and its 429 / 503 answers asked again up to `tries`
 * calls in all, after the wait its Retry-After names (else 1 s, then 2 s), never longer than `maxWaitMs`.
 */
export const GRADER_BOUNDS = { timeoutMs: 30_000, tries: 3, maxWaitMs: 60_000, firstWaitMs: 1_000 } as const;

/** The wait a 429 / 503 asks for: Retry-After in seconds or as a date, else the backoff; capped. */
export function retryWaitMs(retryAfter: string | null, attempt: number, now = Date.now()): number {
  const backoff = GRADER_BOUNDS.firstWaitMs * 2 ** (attempt - 1);
  let wait = backoff;
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) wait = seconds * 1000;
    else if (Number.isFinite(at)) wait = Math.max(0, at - now);
  }
  return Math.min(wait, GRADER_BOUNDS.maxWaitMs);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });

export interface RubricVerdict {
  pass: boolean;
  reason: string;
}

const SYSTEM_PROMPT = [
  'You grade an answer given by a knowledge assistant against a rubric written by its administrator.',
  'Judge only whether the answer satisfies the rubric; do not answer the question yourself.',
  'Reply with one JSON object and nothing else: {"pass": true or false, "reason": "one or two sentences"}.',
].join(' ');

/** The chat completions address of a grader's API root (a trailing slash or a full address are both accepted). */
export function graderEndpoint(url: string): string {
  const root = url.trim().replace(/\/+$/, '');
  return root.endsWith('/chat/completions') ? root : `${root}/chat/completions`;
}

/** A verdict from the model's reply: a JSON object in the content, bare, inside a ```json fence, or amid prose. */
export function parseVerdict(content: string): RubricVerdict | undefined {
  // Found with indexOf, not a regex: a reply of 300,000 `{` (or of backticks) costs one pass, not a quadratic scan.
  const fenced = fencedBody(content);
  const open = content.indexOf('{');
  const close = content.lastIndexOf('}');
  const braces = open !== -1 && close > open ? content.slice(open, close + 1) : undefined;
  for (const candidate of [content, fenced, braces]) {
    if (candidate === undefined) continue;
    try {
      const value: unknown = JSON.parse(candidate.trim());
      if (value && typeof value === 'object') {
        const { pass, reason } = value as { pass?: unknown; reason?: unknown };
        const verdict =
          typeof pass === 'boolean' ? pass : pass === 'true' ? true : pass === 'false' ? false : undefined;
        if (verdict !== undefined) return { pass: verdict, reason: typeof reason === 'string' ? reason : '' };
      }
    } catch {
      // Not this candidate; try the next.
    }
  }
  return undefined;
}

/** The body of the first ``` fence (``` or ```json) that is closed, as /```(?:json)?\s*([\s\S]*?)```/i finds it. */
function fencedBody(content: string): string | undefined {
  const fence = content.indexOf('```');
  if (fence === -1) return undefined;
  let start = fence + 3;
  if (content.slice(start, start + 4).toLowerCase() === 'json') start += 4;
  const end = content.indexOf('```', start);
  return end === -1 ? undefined : content.slice(start, end);
}

const cut = (text: string, n = 200) => (text.length > n ? `${text.slice(0, n)}…` : text);

/**
 * Asks the grader (temperature 0) whether `answer` meets `rubric`; a 429 or 503 is asked again (GRADER_BOUNDS).
 * Throws an Error naming the cause: the network, a non-2xx status, the time limit, or a reply without a verdict.
 * The key never appears in a message.
 */
export async function gradeRubric(
  grader: Grader,
  input: { question: string; answer: string; rubric: string },
  signal?: AbortSignal,
): Promise<RubricVerdict> {
  for (let attempt = 1; ; attempt++) {
    const reply = await askGrader(grader, input, signal);
    if ('verdict' in reply) return reply.verdict;
    if (attempt >= GRADER_BOUNDS.tries) throw reply.busy;
    await sleep(retryWaitMs(reply.retryAfter, attempt), signal);
  }
}

/** One call: a verdict, a busy answer (429 / 503) to ask again, or an Error thrown. */
async function askGrader(
  grader: Grader,
  input: { question: string; answer: string; rubric: string },
  signal?: AbortSignal,
): Promise<{ verdict: RubricVerdict } | { busy: Error; retryAfter: string | null }> {
  const timeoutMs = grader.timeoutMs ?? GRADER_BOUNDS.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const endpoint = graderEndpoint(grader.url);
  let response: Response;
  let text: string;
  const tooLarge = new Error(
    `the grader's reply is over ${bytesLabel(READ_BOUNDS.graderReplyBytes)}: the reading stopped there (READ_BOUNDS)`,
  );
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(grader.key ? { authorization: `Bearer ${grader.key}` } : {}),
      },
      body: JSON.stringify({
        model: grader.model,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          {
            role: 'user',
            content: `Rubric:\n${input.rubric}\n\nQuestion:\n${input.question}\n\nAnswer:\n${input.answer}`,
          },
        ],
      }),
      signal: both,
    });
    // Read up to READ_BOUNDS.graderReplyBytes: a grader that answers 1 GB is cut off at the cap.
    text = await readCappedText(response, READ_BOUNDS.graderReplyBytes, () => tooLarge);
  } catch (error) {
    if (error === tooLarge) throw error;
    if (timeout.aborted && !signal?.aborted)
      throw new Error(`the grader did not answer within ${timeoutMs / 1000} s (${endpoint})`, { cause: error });
    if (signal?.aborted) throw error;
    // Node's fetch says only "fetch failed"; its cause names the refusal (ECONNREFUSED, a DNS failure…).
    const why = error instanceof Error ? [error.message, (error.cause as Error | undefined)?.message] : [String(error)];
    throw new Error(`the grader could not be reached (${endpoint}): ${why.filter(Boolean).join(': ')}`, {
      cause: error,
    });
  }
  if (response.status === 429 || response.status === 503)
    return {
      busy: new Error(`the grader answered HTTP ${response.status} ${GRADER_BOUNDS.tries} times: ${cut(text)}`),
      retryAfter: response.headers.get('retry-after'),
    };
  if (!response.ok) throw new Error(`the grader answered HTTP ${response.status}: ${cut(text)}`);
  let content: unknown;
  try {
    content = (JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
  } catch {
    throw new Error(`the grader's reply is not JSON: ${cut(text)}`);
  }
  if (typeof content !== 'string')
    throw new Error(`the grader's reply has no choices[0].message.content: ${cut(text)}`);
  const verdict = parseVerdict(content);
  if (!verdict) throw new Error(`the grader's reply holds no {"pass", "reason"} verdict: ${cut(content)}`);
  return { verdict };
}

/** The rubric assertion of an answer no grader looked at: never a pass. */
export const notGraded = (): AssertionOutcome => ({
  key: 'rubric',
  ok: false,
  verdict: 'not_graded',
  detail: 'not graded (no grader)',
});

/** A grader that echoes the request (its key) in an error body or a reason must not put the key into a report. */
const redact = (text: string, grader: Grader) =>
  maskSecrets(grader.key ? text.split(grader.key).join('[grader key]') : text, urlSecrets(grader.url));

/** The rubric assertion as graded, or as the grader's error (named); `undefined` when the run was stopped. */
export async function rubricOutcome(
  grader: Grader,
  input: { question: string; answer: string; rubric: string },
  signal?: AbortSignal,
): Promise<AssertionOutcome | undefined> {
  try {
    const verdict = await gradeRubric(grader, input, signal);
    const reason = redact(verdict.reason, grader);
    const word = verdict.pass ? 'pass' : 'fail';
    return { key: 'rubric', ok: verdict.pass, verdict: word, reason, detail: `${word}: ${reason}` };
  } catch (error) {
    if (signal?.aborted) return undefined;
    const message = redact(error instanceof Error ? error.message : String(error), grader);
    return { key: 'rubric', ok: false, verdict: 'error', reason: message, detail: `grader error: ${message}` };
  }
}
