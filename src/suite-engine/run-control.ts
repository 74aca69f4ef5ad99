/**
 * Pause, Resume and Stop of a running suite, whoever asks (the tab running it, another tab, a signal to the CLI).
 * Every change goes through one reducer; the runner asks `mayAsk()` before each question it sends, so a pause takes
 * hold at the next send (questions already sent are answered and kept: a completion is never cut in half by Pause)
 * and nothing is sent while paused. Stop aborts what is in flight, as before. Node-safe, no clock: nothing here
 * guesses from time.
 */

/** running; paused (no new question; `inFlight` answers may still come); stopped (final). */
export type RunPhase = 'running' | 'paused' | 'stopped';

export interface RunControlState {
  phase: RunPhase;
  /** Questions sent and not answered yet: a pause is whole (nothing more will reach the service) once this is 0. */
  inFlight: number;
}

export type RunControlEvent =
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' }
  /** A question leaves for the service. */
  | { type: 'sent' }
  /** Its answer (or its failure) came back. */
  | { type: 'answered' };

export const RUN_CONTROL_START: RunControlState = { phase: 'running', inFlight: 0 };

/** The one place a run's control state changes. Stop is final; Pause and Resume are no-ops once stopped. */
export function runControlReducer(state: RunControlState, event: RunControlEvent): RunControlState {
  switch (event.type) {
    case 'pause':
      return state.phase === 'running' ? { ...state, phase: 'paused' } : state;
    case 'resume':
      return state.phase === 'paused' ? { ...state, phase: 'running' } : state;
    case 'stop':
      return state.phase === 'stopped' ? state : { ...state, phase: 'stopped' };
    case 'sent':
      return { ...state, inFlight: state.inFlight + 1 };
    case 'answered':
      return { ...state, inFlight: Math.max(0, state.inFlight - 1) };
  }
}

export interface RunControl {
  state(): RunControlState;
  dispatch(event: RunControlEvent): void;
  /** Aborted on Stop: handed to the runner as its signal. */
  readonly signal: AbortSignal;
  /** Resolves true when a question may be sent (at once while running; on Resume while paused), false on Stop. */
  mayAsk(): Promise<boolean>;
  /** After every change of the state. */
  subscribe(listener: (state: RunControlState) => void): () => void;
}

export function createRunControl(start: RunControlState = RUN_CONTROL_START): RunControl {
  let state = start;
  const controller = new AbortController();
  const listeners = new Set<(state: RunControlState) => void>();
  const waiting: ((ok: boolean) => void)[] = [];
  const dispatch = (event: RunControlEvent) => {
    const next = runControlReducer(state, event);
    if (next === state) return;
    state = next;
    if (state.phase === 'stopped' && !controller.signal.aborted) controller.abort();
    if (state.phase !== 'paused') for (const go of waiting.splice(0)) go(state.phase === 'running');
    listeners.forEach((l) => l(state));
  };
  // A signal aborted elsewhere (the CLI's) is a Stop too.
  controller.signal.addEventListener('abort', () => dispatch({ type: 'stop' }));
  return {
    state: () => state,
    dispatch,
    signal: controller.signal,
    mayAsk() {
      if (state.phase === 'running') return Promise.resolve(true);
      if (state.phase === 'stopped') return Promise.resolve(false);
      return new Promise((go) => waiting.push(go));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
