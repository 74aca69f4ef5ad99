/**
 * Refused tokens reach the layout through the api's one channel, authRefusals (src/api/auth/refusals.ts):
 * the query client (made above the router) feeds it for React Query's calls, completions feed it
 * themselves, and AuthErrorWatcher (inside the router, so it alone can navigate) subscribes once.
 */

/** Where the admin is sent: Settings, with the profile to fix highlighted. */
export function settingsPathFor(profileId: string | null): string {
  const params = new URLSearchParams();
  if (profileId) params.set('profile', profileId);
  params.set('reason', 'token');
  return `/settings?${params.toString()}`;
}
