import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where the booking page's toasts appear: one at a time, at the top. Loaded lazily with its library. */
export function Toasts() {
  return <Notifications limit={1} position="top-center" zIndex={1000} />;
}
