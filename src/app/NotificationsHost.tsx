import { Notifications } from '@mantine/notifications';

/** Where notifications render; its own chunk, loaded with the first notification (DeferredNotifications). */
export default function NotificationsHost() {
  return <Notifications position="top-right" />;
}
