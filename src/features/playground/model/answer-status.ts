/**
 * A playground answer's status and every way it changes, in one place (like the deletion machine).
 *
 *   pending ──stream_opened──▶ streaming
 *      │                          │
 *      ├──────── answered ────────┼──▶ done         (a JSON answer, a stream's final result, or its [DONE])
 *      ├──────── stopped ─────────┼──▶ stopped      (the admin pressed Stop; the text so far is kept)
 *      ├──── stream_closed ───────┼──▶ ended_early  (the stream ended, or dropped, without its end)
 *      └──────── failed ──────────┴──▶ error        (the call failed: no answer at all)
 *   reloaded: a page reload finds an answer still running; it can never finish, so it is stopped.
 * The four ends are final: a late event (a stream opening after Stop) changes nothing.
 */
export const ANSWER_STATUSES = ['pending', 'streaming', 'done', 'stopped', 'ended_early', 'error'] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

export type AnswerEvent =
  | { type: 'stream_opened' }
  | { type: 'answered' }
  | { type: 'stopped' }
  | { type: 'stream_closed' }
  | { type: 'failed' }
  | { type: 'reloaded' };

export const isRunning = (status: AnswerStatus): boolean => status === 'pending' || status === 'streaming';

export const isAnswerStatus = (value: unknown): value is AnswerStatus =>
  typeof value === 'string' && (ANSWER_STATUSES as readonly string[]).includes(value);

const ENDS: Readonly<Record<Exclude<AnswerEvent['type'], 'stream_opened'>, AnswerStatus>> = {
  answered: 'done',
  stopped: 'stopped',
  stream_closed: 'ended_early',
  failed: 'error',
  reloaded: 'stopped',
};

export function nextStatus(status: AnswerStatus, event: AnswerEvent): AnswerStatus {
  if (!isRunning(status)) return status;
  return event.type === 'stream_opened' ? 'streaming' : ENDS[event.type];
}

/** The status an answer ends with, after each event of its run in order (a run starts pending). */
export const statusAfter = (events: readonly AnswerEvent[], from: AnswerStatus = 'pending'): AnswerStatus =>
  events.reduce(nextStatus, from);
