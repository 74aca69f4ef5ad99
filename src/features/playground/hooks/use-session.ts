import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ConnectionProfile } from '../../../lib';
import type { Exchange } from '../model/exchange';
import { defaultOptions, toBody, type BodyCheck, type PlaygroundOptions } from '../model/options';
import { clearSession, loadSession, saveSession } from '../model/storage';
import { STORAGE_BOUNDS } from '../bounds';
import { useExchanges } from './use-exchanges';

/**
 * One space's playground session: its options and transcript, restored from and saved to localStorage
 * (per profile and space; no token), and the calls that fill it. The page remounts this per space.
 */
export function usePlaygroundSession(profile: ConnectionProfile | null, spaceId: string) {
  const profileId = profile?.id ?? 'no-profile';
  const stored = useMemo(() => loadSession(profileId, spaceId), [profileId, spaceId]);
  const [options, setOptions] = useState<PlaygroundOptions>(() => stored?.options ?? defaultOptions());
  const runner = useExchanges(() => stored?.exchanges ?? []);
  const { send: runSend, replaceAll } = runner;
  const [saveFailed, setSaveFailed] = useState(false);
  const snapshot = useMemo(() => ({ options, exchanges: runner.exchanges }), [options, runner.exchanges]);
  const latest = useRef(snapshot);
  useLayoutEffect(() => {
    latest.current = snapshot;
  });
  const profileRef = useRef(profile);
  useLayoutEffect(() => {
    profileRef.current = profile;
  });

  // Saved shortly after each change, and at once when the page goes away (a reload must not lose the last answer).
  useEffect(() => {
    const handle = setTimeout(
      () => setSaveFailed(!saveSession(profileId, spaceId, snapshot)),
      STORAGE_BOUNDS.saveDebounceMs,
    );
    return () => clearTimeout(handle);
  }, [profileId, spaceId, snapshot]);
  useEffect(() => {
    const flush = () => saveSession(profileId, spaceId, latest.current);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [profileId, spaceId]);

  /** Follows the conversation the answers belong to. */
  const follow = useCallback((conversationId: string | undefined) => {
    if (conversationId)
      setOptions((o) => (o.conversation_id === conversationId ? o : { ...o, conversation_id: conversationId }));
  }, []);

  const send = useCallback(
    (message: string): BodyCheck => {
      const check = toBody(latest.current.options, message);
      const active = profileRef.current;
      if (!check.ok || !active) return check;
      runSend({ spaceId, body: check.body, profile: active }, (outcome) => follow(outcome.conversationId));
      return check;
    },
    [runSend, spaceId, follow],
  );

  const resend = useCallback(
    (exchange: Exchange, override?: { stream?: boolean }) => {
      const active = profileRef.current;
      if (!active) return;
      const body = override?.stream === undefined ? exchange.body : { ...exchange.body, stream: override.stream };
      runSend({ spaceId: exchange.spaceId, body, profile: active, replaceId: exchange.id }, (outcome) =>
        follow(outcome.conversationId),
      );
    },
    [runSend, follow],
  );

  const clear = useCallback(() => {
    replaceAll([]);
    clearSession(profileId, spaceId);
  }, [replaceAll, profileId, spaceId]);

  return { options, setOptions, ...runner, send, resend, clear, saveFailed };
}
