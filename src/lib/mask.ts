/**
 * The one masking of secrets, for every line the CLI prints, every report, every kept run, transcript and request-log
 * entry: the bearer token, a password written into a URL (`http://user:PW@host`, as written and decoded) and a
 * grader's key. A service may echo any of them (in an error event, in an answer, in its error body), so text from a
 * service is masked after it is whole (streamed deltas joined: a token split across two deltas is one token again),
 * never piece by piece. Node-safe: the console and `npm run suite` use it.
 */

/** What a secret becomes. */
export const MASKED = '***';

/** A profile's (or the CLI's) secrets: its token and the passwords of its two addresses. */
export interface SecretHolder {
  token?: string;
  base_url?: string;
  secondary_url?: string;
}

/** The password of a URL written with credentials, as written (percent-encoded) and decoded; none otherwise. */
export function urlSecrets(url: string | undefined): string[] {
  if (!url) return [];
  let written: string | undefined;
  try {
    written = new URL(url).password || undefined;
  } catch {
    // Not a URL the parser takes: the credentials as typed, `scheme://user:PASSWORD@`.
    written = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s:]*:([^/@\s]+)@/i.exec(url)?.[1];
  }
  if (!written) return [];
  let decoded = written;
  try {
    decoded = decodeURIComponent(written);
  } catch {
    // A stray `%`: the written form is the one that can appear.
  }
  return decoded === written ? [written] : [written, decoded];
}

/** The secrets of a connection: its token and its URLs' passwords. */
export const profileSecrets = (holder: SecretHolder): string[] => [
  ...(holder.token ? [holder.token] : []),
  ...urlSecrets(holder.base_url),
  ...urlSecrets(holder.secondary_url),
];

/**
 * Shorter secrets are not masked: a token `t` or a password `pw` would mask every `t` of every line (a secret that
 * short is no secret anyway).
 */
export const MIN_SECRET_CHARS = 4;

/** Distinct, at least MIN_SECRET_CHARS long, longest first (a secret that contains another is masked whole). */
function normalise(secrets: readonly (string | undefined)[]): string[] {
  const kept = secrets.filter((s): s is string => !!s && s.length >= MIN_SECRET_CHARS);
  return [...new Set(kept)].sort((a, b) => b.length - a.length);
}

/** Every occurrence of every secret replaced by MASKED. Linear in the text for each secret. */
export function maskSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of normalise(secrets)) if (out.includes(secret)) out = out.split(secret).join(MASKED);
  return out;
}

/** A masker bound to a list of secrets (the CLI builds one from its flags). */
export function createMasker(secrets: readonly (string | undefined)[]): (text: string) => string {
  const list = normalise(secrets);
  return (text) => (list.length === 0 ? text : maskSecrets(text, list));
}

/** A masker for a text that grows (streamed deltas): `push` a delta, get what may be shown now; `end` gives the rest. */
export interface LiveMasker {
  push(delta: string): string;
  end(): string;
}

/**
 * Masks a text as it grows, for a stream shown live: the deltas are joined (a token split across two is one token
 * again) and what comes out is masked; a tail that may be the start of a secret (a suffix that is a secret's prefix)
 * is held back until the next delta shows what it is, or the end. A secret already whole that straddles the cut is
 * held back whole too, so no piece of a secret is ever given out. What is given out is never taken back: the pieces
 * joined are the text as it will be masked at the end. Held back is usually shorter than the longest secret (more
 * only while self-overlapping secrets, like `aaaa`, chain across the end).
 */
export function createLiveMasker(secrets: readonly (string | undefined)[]): LiveMasker {
  const list = normalise(secrets);
  let pending = '';
  /** The longest prefix of `pending` that no secret, begun or whole, runs across the end of. */
  const safeCut = (): number => {
    let cut = pending.length;
    for (const secret of list)
      for (let i = Math.max(0, pending.length - secret.length + 1); i < cut; i++)
        if (pending.charCodeAt(i) === secret.charCodeAt(0) && secret.startsWith(pending.slice(i))) {
          cut = i;
          break;
        }
    // A whole secret across the cut would show its first part: cut before it, again while a cut moves.
    for (let moved = true; moved && cut > 0;) {
      moved = false;
      for (const secret of list) {
        const at = pending.indexOf(secret, Math.max(0, cut - secret.length + 1));
        if (at !== -1 && at < cut) {
          cut = at;
          moved = true;
        }
      }
    }
    return cut;
  };
  return {
    push(delta) {
      if (list.length === 0) return delta;
      pending += delta;
      const cut = safeCut();
      const shown = pending.slice(0, cut);
      pending = pending.slice(cut);
      return maskSecrets(shown, list);
    },
    end() {
      const rest = pending;
      pending = '';
      return maskSecrets(rest, list);
    },
  };
}

/**
 * Terminal escape sequences (CSI such as colours and cursor moves, OSC such as window titles and hyperlinks, other
 * ESC sequences), other C0 and C1 control characters (a CR that rewrites the line included), and the bidirectional
 * overrides that reorder what is shown; a line feed and a tab are kept. For text from a service printed on a
 * terminal: it must not recolour, retitle, rewrite or hide the CLI's own lines.
 */
// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_]?)|\x9b[0-?]*[ -/]*[@-~]?/g;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

export const stripControl = (text: string): string => text.replace(ESCAPES, '').replace(CONTROLS, '');
