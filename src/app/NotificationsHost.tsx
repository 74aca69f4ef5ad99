import { Notifications } from '@mantine/notifications';

/** Where notifications render; its own chunk (see DeferredNotifications in providers.tsx). */
export default function NotificationsHost() {
  return <Notifications position="top-right" />;
}
