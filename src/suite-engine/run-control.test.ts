import { describe, expect, it } from 'vitest';
import { createRunControl, RUN_CONTROL_START, runControlReducer } from './run-control';

describe('a run control', () => {
  it('pauses and resumes only a running run; Stop is final', () => {
    const paused = runControlReducer(RUN_CONTROL_START, { type: 'pause' });
    expect(paused.phase).toBe('paused');
    expect(runControlReducer(paused, { type: 'pause' })).toBe(paused);
    expect(runControlReducer(paused, { type: 'resume' }).phase).toBe('running');
    const stopped = runControlReducer(paused, { type: 'stop' });
    expect(stopped.phase).toBe('stopped');
    expect(runControlReducer(stopped, { type: 'resume' })).toBe(stopped);
    expect(runControlReducer(stopped, { type: 'pause' })).toBe(stopped);
  });

  it('counts the questions in flight, never below zero', () => {
    let s = runControlReducer(RUN_CONTROL_START, { type: 'sent' });
    s = runControlReducer(s, { type: 'sent' });
    expect(s.inFlight).toBe(2);
    s = runControlReducer(runControlReducer(runControlReducer(s, { type: 'answered' }), { type: 'answered' }), {
      type: 'answered',
    });
    expect(s.inFlight).toBe(0);
  });

  it('holds a send while paused, lets it go on Resume, refuses it on Stop (and aborts the signal)', async () => {
    const control = createRunControl();
    expect(await control.mayAsk()).toBe(true);
    control.dispatch({ type: 'pause' });
    let answered: boolean | undefined;
    void control.mayAsk().then((ok) => (answered = ok));
    await Promise.resolve();
    expect(answered).toBeUndefined();
    control.dispatch({ type: 'resume' });
    await Promise.resolve();
    expect(answered).toBe(true);
    control.dispatch({ type: 'pause' });
    const held = control.mayAsk();
    control.dispatch({ type: 'stop' });
    expect(await held).toBe(false);
    expect(control.signal.aborted).toBe(true);
  });
});
