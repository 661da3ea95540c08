/** How long the weekDayClosed warning stays (admin spec sections 5 and 9). */
export const WARNING_MS = 7000;

/** The settings dialog's toasts (admin spec section 8): one at a time; warnings stay 7 s, the others 3 s. */
export function settingsToast(message: string, kind: 'error' | 'warning' | 'success'): void {
  void import('@mantine/notifications').then(({ notifications }) => {
    notifications.clean();
    notifications.show({
      message,
      color: kind === 'error' ? 'red' : kind === 'warning' ? 'orange' : 'green',
      autoClose: kind === 'warning' ? WARNING_MS : 3000,
      withBorder: true,
    });
  });
}
