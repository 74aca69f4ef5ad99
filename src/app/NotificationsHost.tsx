import { Notifications } from '@mantine/notifications';

/**
 * Where notifications render; its own chunk, loaded with the first notification (DeferredNotifications).
 * Bottom right: at the top they covered the header's profile, theme and language controls.
 */
export default function NotificationsHost() {
  return <Notifications position="bottom-right" />;
}
