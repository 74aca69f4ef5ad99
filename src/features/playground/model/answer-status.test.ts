import { describe, expect, it } from 'vitest';
import { ANSWER_STATUSES, isAnswerStatus, isRunning, nextStatus, statusAfter, type AnswerEvent } from './answer-status';

const ev = (type: AnswerEvent['type']): AnswerEvent => ({ type });

describe('playground answer status', () => {
  it('a streamed answer: pending, streaming once its headers arrive, done on its final event', () => {
    expect(nextStatus('pending', ev('stream_opened'))).toBe('streaming');
    expect(nextStatus('streaming', ev('stream_opened'))).toBe('streaming');
    expect(statusAfter([ev('stream_opened'), ev('answered')])).toBe('done');
  });

  it('a JSON answer goes from pending straight to done', () => {
    expect(statusAfter([ev('answered')])).toBe('done');
  });

  it('each way a running answer can end', () => {
    for (const from of ['pending', 'streaming'] as const) {
      expect(nextStatus(from, ev('stopped'))).toBe('stopped');
      expect(nextStatus(from, ev('stream_closed'))).toBe('ended_early');
      expect(nextStatus(from, ev('failed'))).toBe('error');
      expect(nextStatus(from, ev('reloaded'))).toBe('stopped');
    }
  });

  it('an ended answer never changes again: a late stream opening after Stop keeps it stopped', () => {
    expect(statusAfter([ev('stopped'), ev('stream_opened')])).toBe('stopped');
    for (const end of ['done', 'stopped', 'ended_early', 'error'] as const) {
      for (const type of ['stream_opened', 'answered', 'stopped', 'stream_closed', 'failed', 'reloaded'] as const)
        expect(nextStatus(end, ev(type))).toBe(end);
    }
  });

  it('names the running statuses and recognises stored ones', () => {
    expect(ANSWER_STATUSES.filter(isRunning)).toEqual(['pending', 'streaming']);
    expect(isAnswerStatus('ended_early')).toBe(true);
    expect(isAnswerStatus('finished')).toBe(false);
    expect(isAnswerStatus(1)).toBe(false);
  });
});
