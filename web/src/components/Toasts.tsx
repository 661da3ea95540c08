import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where every page's toasts appear: one at a time, at the top (spec section 8). Mounted once, at the root
 * of the routes (src/app/routes.tsx); loaded lazily with its library.
 */
export function Toasts() {
  return <Notifications limit={1} position="top-center" zIndex={1000} />;
}
