import { browserStorage, safeStorage, type StorageLike } from '../../../lib';
import { STORAGE_BOUNDS } from '../bounds';
import { isAnswerStatus, nextStatus } from './answer-status';
import type { Exchange } from './exchange';
import { presetOf, readOptions, type PlaygroundOptions, type PresetOptions } from './options';

/**
 * What the playground keeps in localStorage: per profile and space, the transcript and options; the
 * presets; the remote-images switch. Never a token — request bodies and URLs carry none, and headers
 * are not stored at all.
 */
const SESSION_PREFIX = 'kc.playground.session.v1';
const PRESETS_KEY = 'kc.playground.presets.v1';
const REMOTE_IMAGES_KEY = 'kc.playground.remoteImages.v1';

export interface StoredSession {
  options: PlaygroundOptions;
  exchanges: Exchange[];
}

export interface Preset {
  name: string;
  options: PresetOptions;
  savedAt: number;
}

/** The browser's localStorage; tests pass their own. */
const browserLocal = safeStorage(() => browserStorage('local'));
const kept = (store: StorageLike | undefined) => (store ? safeStorage(store) : browserLocal);

const sessionKey = (profileId: string, spaceId: string) => `${SESSION_PREFIX}:${profileId}:${spaceId}`;

/** A stored exchange, checked enough to render; a corrupt one is dropped rather than breaking the page. */
function readExchange(value: unknown): Exchange | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const e = value as Partial<Exchange>;
  if (
    typeof e.id !== 'string' ||
    typeof e.spaceId !== 'string' ||
    !e.body ||
    typeof e.body !== 'object' ||
    typeof e.body.message !== 'string'
  )
    return undefined;
  if (!isAnswerStatus(e.status)) return undefined;
  const exchange: Exchange = {
    id: e.id,
    spaceId: e.spaceId,
    sentAt: typeof e.sentAt === 'number' ? e.sentAt : 0,
    url: typeof e.url === 'string' ? e.url : '',
    body: e.body,
    status: e.status,
    text: typeof e.text === 'string' ? e.text : '',
    result: e.result && typeof e.result === 'object' ? e.result : undefined,
    drift: Array.isArray(e.drift) ? e.drift : [],
    rawResponse: typeof e.rawResponse === 'string' ? e.rawResponse : undefined,
    conversationId: typeof e.conversationId === 'string' ? e.conversationId : undefined,
    trace: Array.isArray(e.trace) ? e.trace : [],
    streamErrors: Array.isArray(e.streamErrors) ? e.streamErrors.filter((s) => typeof s === 'string') : [],
    unknownEvents: typeof e.unknownEvents === 'number' ? e.unknownEvents : 0,
    answeredAsJson: e.answeredAsJson === true,
    error: e.error && typeof e.error === 'object' && typeof e.error.message === 'string' ? e.error : undefined,
    timing: e.timing && typeof e.timing === 'object' ? e.timing : {},
    // The request log lives in memory: its ids mean nothing after a reload.
    logId: undefined,
  };
  // A reload cut a running answer off: it will never finish.
  exchange.status = nextStatus(exchange.status, { type: 'reloaded' });
  return exchange;
}

export function loadSession(profileId: string, spaceId: string, store?: StorageLike): StoredSession | undefined {
  const value = kept(store).readJson(sessionKey(profileId, spaceId));
  if (!value || typeof value !== 'object') return undefined;
  const v = value as { options?: unknown; exchanges?: unknown };
  const exchanges = Array.isArray(v.exchanges) ? v.exchanges.map(readExchange).filter((e): e is Exchange => !!e) : [];
  return { options: readOptions(v.options), exchanges };
}

/**
 * Saves the newest exchanges; if the browser refuses (quota), tries again without raw responses,
 * then with fewer exchanges. Returns false when nothing could be saved.
 */
export function saveSession(profileId: string, spaceId: string, session: StoredSession, store?: StorageLike): boolean {
  const target = kept(store);
  const key = sessionKey(profileId, spaceId);
  const newest = session.exchanges.slice(-STORAGE_BOUNDS.storedExchanges).map((e) => ({ ...e, logId: undefined }));
  if (target.writeJson(key, { options: session.options, exchanges: newest })) return true;
  const lean = newest.map((e) => ({ ...e, rawResponse: undefined, trace: [] }));
  for (let n = lean.length; n >= 0; n = n === 0 ? -1 : Math.floor(n / 2)) {
    if (target.writeJson(key, { options: session.options, exchanges: lean.slice(lean.length - n) }))
      return n === lean.length;
  }
  return false;
}

export function clearSession(profileId: string, spaceId: string, store?: StorageLike): void {
  kept(store).remove(sessionKey(profileId, spaceId));
}

export function loadPresets(store?: StorageLike): Preset[] {
  const value = kept(store).readJson(PRESETS_KEY);
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (p): p is Preset =>
        !!p && typeof p === 'object' && typeof (p as Preset).name === 'string' && !!(p as Preset).name.trim(),
    )
    .map((p) => ({
      name: p.name,
      options: presetOf(readOptions(p.options)),
      savedAt: typeof p.savedAt === 'number' ? p.savedAt : 0,
    }));
}

/** Saves (or replaces, by name) a preset; returns the new list. */
export function savePreset(name: string, options: PlaygroundOptions, store?: StorageLike, now = Date.now()): Preset[] {
  const trimmed = name.trim();
  const others = loadPresets(store).filter((p) => p.name !== trimmed);
  const next = [{ name: trimmed, options: presetOf(options), savedAt: now }, ...others].slice(
    0,
    STORAGE_BOUNDS.presets,
  );
  kept(store).writeJson(PRESETS_KEY, next);
  return next;
}

export function deletePreset(name: string, store?: StorageLike): Preset[] {
  const next = loadPresets(store).filter((p) => p.name !== name);
  kept(store).writeJson(PRESETS_KEY, next);
  return next;
}

export function loadRemoteImages(store?: StorageLike): boolean {
  return kept(store).readJson(REMOTE_IMAGES_KEY) === true;
}

export function saveRemoteImages(allowed: boolean, store?: StorageLike): void {
  kept(store).writeJson(REMOTE_IMAGES_KEY, allowed);
}
