/** How long the sales query's failure toast stays (admin spec section 9). */
export const PROBLEMS_TOAST_MS = 8000;

/**
 * A danger toast that stays for `ms`, replacing any other (one toast at a time, admin spec section 8).
 * The generic toast of src/lib/toast.ts keeps the default 3000 ms; this one is for the sales failure.
 */
export function longToast(message: string, ms: number = PROBLEMS_TOAST_MS): void {
  void import('@mantine/notifications').then(({ notifications }) => {
    notifications.clean();
    notifications.show({ message, color: 'red', autoClose: ms, withBorder: true });
  });
}
