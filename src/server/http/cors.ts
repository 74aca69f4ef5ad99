import type { IncomingMessage, ServerResponse } from 'node:http';

/** Default allow-list: any port of localhost or 127.0.0.1 over http (where the console runs in development). */
const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type';
/** The completion's conversation id travels in this header (see README: the result record has no such field). */
export const CONVERSATION_ID_HEADER = 'X-Conversation-Id';

export class CorsPolicy {
  /** `origins` replaces the default allow-list; "*" in it allows any origin (still without credentials). */
  constructor(private readonly origins: readonly string[] = []) {}

  allows(origin: string): boolean {
    if (this.origins.length === 0) return LOCAL_ORIGIN.test(origin);
    return this.origins.includes('*') || this.origins.includes(origin);
  }

  /** Adds the CORS headers of an allowed origin; returns the origin, or null when the request had none or it is refused. */
  apply(req: IncomingMessage, res: ServerResponse): { origin: string | null; allowed: boolean } {
    const origin = req.headers.origin;
    res.setHeader('Vary', 'Origin');
    if (origin === undefined) return { origin: null, allowed: false };
    if (!this.allows(origin)) return { origin, allowed: false };
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', CONVERSATION_ID_HEADER);
    return { origin, allowed: true };
  }

  preflightHeaders(): Record<string, string> {
    return {
      'Access-Control-Allow-Methods': CORS_ALLOWED_METHODS,
      'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS,
      'Access-Control-Max-Age': '600',
    };
  }
}
