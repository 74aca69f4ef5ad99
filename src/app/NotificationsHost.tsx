import { Notifications } from '@mantine/notifications';

/** Where notifications render: its own chunk, loaded by AppProviders right after the first page is drawn. */
export default function NotificationsHost() {
  return <Notifications position="top-right" />;
}
