import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const NotificationsHost = lazy(() => import('./NotificationsHost'));

/**
 * Where notifications render, loaded with the first notification: a first visit usually shows none, and the host
 * (its transitions, portal and positioning) is ≈8 KB gzip. Until it mounts, notifications.show() keeps each one in
 * Mantine's store, from which the host shows them as it mounts. Once loaded it stays.
 */
export function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}
