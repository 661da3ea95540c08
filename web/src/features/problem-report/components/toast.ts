import { notifications } from '@mantine/notifications';

/** How long a toast stays (spec section 8). */
export const TOAST_MS = 3000;

/** Shows a toast, replacing any other: only one toast at a time (spec section 8). */
export function toast(message: string, color: 'red' | 'green', closeLabel: string): void {
  notifications.clean();
  notifications.show({ message, color, autoClose: TOAST_MS, withBorder: true, closeButtonProps: { 'aria-label': closeLabel } });
}
