import i18n from 'i18next';

/** How long a toast stays (spec section 8). */
export const TOAST_MS = 3000;

/**
 * Shows a toast, replacing any other: only one toast at a time (spec section 8). Mantine's notifications
 * are loaded on first use, so they cost nothing on the first page load.
 */
export function toast(message: string, color: 'red' | 'orange' | 'green' | 'blue' = 'red'): void {
  void import('@mantine/notifications').then(({ notifications }) => {
    notifications.clean();
    notifications.show({
      message,
      color,
      autoClose: TOAST_MS,
      withBorder: true,
      // Mantine's close button is an icon alone: screen readers (and axe) need its name.
      closeButtonProps: { 'aria-label': i18n.t('components:close') },
    });
  });
}
