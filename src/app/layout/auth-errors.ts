import type { AuthErrorEvent } from '../../api';

type Listener = (event: AuthErrorEvent) => void;

/**
 * Carries refused calls from the query client (made above the router) to the layout (inside it),
 * which alone can navigate. Events with no listener yet are dropped: the page that made the call
 * shows its own error state anyway.
 */
function createAuthErrorChannel() {
  const listeners = new Set<Listener>();
  return {
    emit(event: AuthErrorEvent) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const authErrors = createAuthErrorChannel();

/** Where the admin is sent: Settings, with the profile to fix highlighted. */
export function settingsPathFor(profileId: string | null): string {
  const params = new URLSearchParams();
  if (profileId) params.set('profile', profileId);
  params.set('reason', 'token');
  return `/settings?${params.toString()}`;
}
