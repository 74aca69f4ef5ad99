import { buildPath, ENDPOINTS } from '../../contract';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { targetUrl } from '../http/host';
import { maskSecrets, urlSecrets } from '../../lib/mask';

/**
 * The service's own URL for a completion (shown, kept with results, copied as cURL; never the console's proxy; no
 * token, and a password written into the address masked).
 */
export function completionUrl(profile: ConnectionProfile, spaceId: string): string {
  const url = targetUrl(profile, 'base') + buildPath(ENDPOINTS.chatCompletions.pattern, { space_id: spaceId });
  return maskSecrets(url, urlSecrets(profile.base_url));
}

/** The conversation an answer belongs to: a conversation_id in the result (some services add it), the header, or the one sent. */
export function conversationOf(
  raw: unknown,
  header: string | null | undefined,
  sent: string | undefined,
): string | undefined {
  const fromResult = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).conversation_id : undefined;
  if (typeof fromResult === 'string' && fromResult) return fromResult;
  if (typeof fromResult === 'number') return String(fromResult);
  return header || sent || undefined;
}

/** A raw answer cut to `maxChars` for keeping (a long suite run or a playground history keeps thousands). */
export const cutStored = (text: string | undefined, maxChars: number): string | undefined =>
  text === undefined || text.length <= maxChars ? text : `${text.slice(0, maxChars)}\n…`;
