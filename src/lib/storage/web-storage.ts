/**
 * The one way the console touches localStorage and sessionStorage. Both can be missing (Node, tests) or
 * blocked (privacy settings, sandboxed iframes: even reading `window.localStorage` throws), and a write can
 * fail (quota). Here every read of such a storage answers "nothing stored" and every write says whether it
 * happened, so no store repeats the try/catch. JSON values are parsed on read by their owner: a value an
 * older build wrote that no longer parses reads as absent, never breaks a page. Nothing secret is kept in
 * localStorage; the connection store puts a token (and the grader store a grader key) in sessionStorage, when the admin asks.
 */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's storage of that kind, or null where there is none or it is blocked. */
export function browserStorage(kind: 'local' | 'session'): StorageLike | null {
  try {
    if (typeof window === 'undefined') return null;
    return (kind === 'local' ? window.localStorage : window.sessionStorage) ?? null;
  } catch {
    return null;
  }
}

export interface ReadJsonOptions<T> {
  /** Checks the parsed value; undefined rejects it (read as absent). Default: any JSON. */
  parse?: (value: unknown) => T | undefined;
  /** Called with text that is not JSON, e.g. to set it aside before it is overwritten. */
  onUnreadable?: (text: string) => void;
}

export interface SafeStorage {
  /** The stored text, or null (absent, or storage blocked). */
  getText(key: string): string | null;
  /** true when written; false when there is no storage or the browser refused (quota, blocked). */
  setText(key: string, value: string): boolean;
  remove(key: string): void;
  /** The stored JSON value as `parse` reads it, or undefined (absent, not JSON, rejected, storage blocked). */
  readJson<T = unknown>(key: string, options?: ReadJsonOptions<T>): T | undefined;
  writeJson(key: string, value: unknown): boolean;
}

/**
 * Wraps a storage (or a getter of one, read at each call) so that no call throws.
 * `null`/`undefined` is a storage that keeps nothing.
 */
export function safeStorage(source: StorageLike | null | undefined | (() => StorageLike | null)): SafeStorage {
  const storage = (): StorageLike | null | undefined => (typeof source === 'function' ? source() : source);
  const getText = (key: string): string | null => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const setText = (key: string, value: string): boolean => {
    const target = storage();
    if (!target) return false;
    try {
      target.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  };
  return {
    getText,
    setText,
    remove(key) {
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing could be stored either: nothing is lost.
      }
    },
    readJson<T>(key: string, { parse, onUnreadable }: ReadJsonOptions<T> = {}): T | undefined {
      const text = getText(key);
      if (text === null || text === '') return undefined;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        onUnreadable?.(text);
        return undefined;
      }
      return parse ? parse(value) : (value as T);
    },
    writeJson(key, value) {
      let text: string;
      try {
        text = JSON.stringify(value);
      } catch {
        return false;
      }
      return setText(key, text);
    },
  };
}
