import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { authRefusals, type AuthErrorEvent } from '../../api';
import { connectionStore } from '../../lib';
import { plainControls } from '../../components';
import { useT } from '../../i18n';
import { paths } from '../../config/paths';

/** A read failing this soon after the page opened was made by opening it. */
export const PAGE_LOAD_WINDOW_MS = 10_000;
/** How long the notification stays once Settings is open and says the same. */
const NOTICE_AFTER_NAVIGATION_MS = 10_000;

/** Someone is typing: focus sits in a text field. */
function isTyping(): boolean {
  const el = document.activeElement;
  return (
    el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    (el instanceof HTMLElement && el.isContentEditable)
  );
}

/**
 * Tells the admin when the service refuses the active profile's token, with a way to Settings.
 *
 * It navigates by itself only when nothing can be lost: a read that opening the page made (first load,
 * within PAGE_LOAD_WINDOW_MS of the navigation), nobody typing, and not already in Settings. A refused
 * write (a mutation, or a playground completion, streamed or not), a background refresh or a late read
 * only notifies: the page may hold unsaved input, a composer's text or a transcript. Settings is pushed,
 * not replaced, so Back returns to the page; the profile and its in-memory token are untouched.
 * It does so once per profile until that connection changes (a new token, another profile): the page
 * reached with Back re-reads on mount and must not bounce the admin to Settings again.
 * Refusals arrive through the api's one channel, authRefusals: the query client (made above the router)
 * feeds it for React Query's calls, completions feed it themselves; this component (inside the router, so
 * it can navigate) subscribes once.
 */
export function AuthErrorWatcher() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  // Set when the page opens (the effect below runs on mount and on every navigation).
  const navigatedAt = useRef(0);
  const pathname = useRef(location.pathname);
  // The listener is subscribed once; these refs give it the current page and words.
  const tRef = useRef(t);
  const navigateRef = useRef(navigate);
  const sentToSettings = useRef(new Set<string>());

  useEffect(() => {
    navigatedAt.current = Date.now();
    pathname.current = location.pathname;
  }, [location]);

  useEffect(() => {
    tRef.current = t;
    navigateRef.current = navigate;
  }, [t, navigate]);

  useEffect(() => connectionStore.onActiveChange(() => sentToSettings.current.clear()), []);

  useEffect(
    () =>
      authRefusals.subscribe((event: AuthErrorEvent) => {
        const tr = tRef.current;
        const go = navigateRef.current;
        const profile = event.profileId
          ? connectionStore.getState().profiles.find((p) => p.id === event.profileId)
          : undefined;
        const name = profile?.name ?? event.profileId ?? tr('auth.unknownProfile');
        const target = paths.settings.href({ profile: event.profileId, reason: 'token' });
        const id = `auth-rejected-${event.profileId ?? 'none'}`;
        const pageLoadRead =
          event.source === 'read' && event.firstLoad && Date.now() - navigatedAt.current <= PAGE_LOAD_WINDOW_MS;
        const once = event.profileId ?? '';
        const navigateNow =
          pageLoadRead && pathname.current !== paths.settings.path && !isTyping() && !sentToSettings.current.has(once);
        // Several reads refused at once (a page and its parts) make one notification, not a stack.
        notifications.hide(id);
        notifications.show({
          id,
          color: 'red',
          // Taken to Settings, the page itself explains; otherwise it stays until the admin acts on it.
          autoClose: navigateNow ? NOTICE_AFTER_NAVIGATION_MS : false,
          withBorder: true,
          title: tr('auth.rejected.title', { name }),
          message: (
            // Rendered by <Notifications> outside the router and i18n providers: words are resolved here.
            <Stack gap={6} align="flex-start" data-testid="auth-rejected-notification">
              {event.error.serviceMessage ? (
                <Text size="sm" fw={600}>
                  {event.error.serviceMessage}
                </Text>
              ) : null}
              <Text size="sm">{tr('auth.rejected.body', { status: String(event.error.status ?? '') })}</Text>
              <button
                type="button"
                className={plainControls.button}
                onClick={() => {
                  notifications.hide(id);
                  go(target);
                }}
              >
                {tr('auth.openSettings')}
              </button>
            </Stack>
          ),
        });
        if (navigateNow) {
          sentToSettings.current.add(once);
          go(target);
        }
      }),
    [],
  );

  return null;
}
