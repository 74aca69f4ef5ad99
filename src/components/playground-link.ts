import { paths } from '../config/paths';

/**
 * "Open in playground" from another page: the playground's URL with the completion options and the message to
 * prefill. Options are completion body fields (no token: it is never part of a body); the playground applies them
 * once and drops them from its URL.
 */
export function playgroundLink(spaceId: string, options: Record<string, unknown>, message?: string): string {
  const query = new URLSearchParams({ options: JSON.stringify(options) });
  if (message) query.set('message', message);
  return `${paths.playgroundSpace.href(spaceId)}?${query}`;
}

export interface PlaygroundLinkParams {
  /** Completion body fields, read leniently by the playground. */
  options?: Record<string, unknown>;
  message?: string;
}

export function readPlaygroundLink(search: URLSearchParams): PlaygroundLinkParams {
  const out: PlaygroundLinkParams = {};
  const raw = search.get('options');
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        out.options = parsed as Record<string, unknown>;
    } catch {
      // A hand-edited link that is not JSON opens the playground as it is.
    }
  }
  const message = search.get('message');
  if (message) out.message = message;
  return out;
}
