import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors';

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/**
 * Bearer check in constant time: both sides are hashed to 32 bytes first, so tokens of any length compare
 * without timingSafeEqual throwing, and every accepted token is compared (no early exit).
 */
export class TokenCheck {
  private readonly accepted: Buffer[];

  constructor(tokens: Iterable<string>) {
    this.accepted = [...new Set(tokens)].map(digest);
  }

  get size(): number {
    return this.accepted.length;
  }

  verify(req: IncomingMessage): void {
    const header = req.headers.authorization;
    if (header === undefined)
      throw new HttpError(
        401,
        'missing Authorization header; send Authorization: Bearer <token>',
        { 'WWW-Authenticate': 'Bearer' },
        { detail: 'Not authenticated' },
      );
    const match = /^Bearer[ \t]+(\S.*)$/i.exec(header.trim());
    if (!match)
      throw new HttpError(
        401,
        'Authorization header must use the Bearer scheme',
        { 'WWW-Authenticate': 'Bearer' },
        { detail: 'Invalid authentication credentials' },
      );
    const presented = digest(match[1]!.trim());
    let ok = false;
    for (const candidate of this.accepted) {
      if (timingSafeEqual(presented, candidate)) ok = true;
    }
    if (!ok)
      throw new HttpError(
        401,
        'unknown bearer token',
        { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        { detail: 'Invalid authentication credentials' },
      );
  }
}
