/** The schemes an answer's links may use; a URL without a scheme (relative, #fragment, //host) is allowed too. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * The URL to keep, or null to drop it. Browsers ignore ASCII whitespace and control characters inside a
 * scheme ("java\tscript:", "\u0001javascript:") and compare it case-insensitively, so the scheme is read
 * the same way before it is checked: javascript:, data:, vbscript:, file: and every other scheme are dropped.
 */
export function safeUrl(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  // Entities are decoded before this runs (the Markdown parser does it); an encoded colon left here is suspicious.
  if (/&#|&colon;/i.test(squeezed.split(/[/?#]/)[0] ?? '')) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(squeezed);
  if (scheme) return ALLOWED_SCHEMES.has(scheme[1]!) ? url.trim() : null;
  // No scheme before the first "/", "?" or "#": relative. A colon there would have matched above.
  return url.trim();
}

/** Only http(s) images are ever loaded, and only when remote images are allowed. */
export function isRemoteImage(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}
