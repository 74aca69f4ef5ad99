import { useCallback, useEffect, useRef, useState } from 'react';
import { completionUrl } from '../../../api';
import { newId, type ConnectionProfile } from '../../../lib';
import { isRunning, nextStatus, type AnswerEvent } from '../model/answer-status';
import type { Exchange } from '../model/exchange';
import type { CompletionBodyInput } from '../model/options';
import { runCompletion, type RunOutcome } from '../model/run';
import { StreamSink } from '../model/stream-sink';

/** A message to send in the playground (or an exchange to send again). */
export interface ExchangeRequest {
  spaceId: string;
  body: CompletionBodyInput;
  profile: ConnectionProfile;
  /** Replaces this exchange (retry, regenerate) instead of adding a new one. */
  replaceId?: string;
}

export interface ExchangeRunner {
  exchanges: Exchange[];
  /** The live sink of each exchange being streamed. */
  sinkOf(id: string): StreamSink | undefined;
  send(request: ExchangeRequest, onOutcome?: (outcome: RunOutcome, exchange: Exchange) => void): string;
  stop(id: string): void;
  stopAll(): void;
  running: boolean;
  replaceAll(exchanges: Exchange[]): void;
}

/**
 * A list of exchanges and the calls behind them. State changes only when an answer starts, opens its
 * stream or ends: deltas go to the exchange's StreamSink, which only the streaming message listens to.
 */
export function useExchanges(initial: () => Exchange[]): ExchangeRunner {
  const [exchanges, setExchanges] = useState<Exchange[]>(initial);
  const sinks = useRef(new Map<string, StreamSink>());
  const controllers = useRef(new Map<string, AbortController>());

  // Leaving the page stops what is still running (the answer would have nowhere to go).
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  /** A step of an answer while it runs; the reducer ignores it once the answer has ended. */
  const step = useCallback((id: string, event: AnswerEvent) => {
    setExchanges((list) => list.map((e) => (e.id === id ? { ...e, status: nextStatus(e.status, event) } : e)));
  }, []);

  const send = useCallback(
    (
      { spaceId, body, profile, replaceId }: ExchangeRequest,
      onOutcome?: (outcome: RunOutcome, exchange: Exchange) => void,
    ) => {
      const id = replaceId ?? newId();
      const exchange: Exchange = {
        id,
        spaceId,
        sentAt: Date.now(),
        url: completionUrl(profile, spaceId),
        body,
        status: 'pending',
        text: '',
        drift: [],
        trace: [],
        streamErrors: [],
        unknownEvents: 0,
        timing: {},
      };
      setExchanges((list) =>
        replaceId && list.some((e) => e.id === replaceId)
          ? list.map((e) => (e.id === replaceId ? exchange : e))
          : [...list, exchange],
      );
      const controller = new AbortController();
      controllers.current.get(id)?.abort();
      controllers.current.set(id, controller);
      const sink = new StreamSink();
      sinks.current.set(id, sink);
      void runCompletion({
        spaceId,
        body,
        profile,
        signal: controller.signal,
        onStreamOpen: () => step(id, { type: 'stream_opened' }),
        onDelta: (text) => sink.append(text),
        onTrace: (item) => sink.addTrace(item),
      }).then((outcome) => {
        sink.close();
        if (controllers.current.get(id) !== controller) return; // superseded by a newer send of the same exchange
        controllers.current.delete(id);
        sinks.current.delete(id);
        const done = { ...exchange, ...outcome };
        setExchanges((list) => list.map((e) => (e.id === id ? done : e)));
        onOutcome?.(outcome, done);
      });
      return id;
    },
    [step],
  );

  const stop = useCallback((id: string) => controllers.current.get(id)?.abort(), []);
  const stopAll = useCallback(() => controllers.current.forEach((c) => c.abort()), []);
  const replaceAll = useCallback((next: Exchange[]) => {
    controllers.current.forEach((c) => c.abort());
    controllers.current.clear();
    sinks.current.clear();
    setExchanges(next);
  }, []);
  const sinkOf = useCallback((id: string) => sinks.current.get(id), []);

  return { exchanges, sinkOf, send, stop, stopAll, running: exchanges.some((e) => isRunning(e.status)), replaceAll };
}
