import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the 'hurry' toast stays (spec section 9). */
export const HURRY_TOAST_MS = 10_000;

/** The kinds of page whose viewers are counted: the company's booking page or an event page. */
export type ViewedPage = 'booking' | 'event';

/** The realtime socket's URL on this origin (ws: or wss: like the page). */
export function liveViewersSocketURL(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

function randomUser(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Tells the visitor when someone else is viewing the same booking or event page: connects to the
 * realtime socket (`/ws`), registers a random user under `booking{key}` or `event{key}`, and on the first
 * `showEvent` shows the 'hurry' toast for 10 seconds and closes the connection. A null key does nothing.
 * Connection problems are only logged (console.debug): the page works the same without them.
 */
export function useLiveViewers(page: ViewedPage, key: string | null | undefined): void {
  const { t } = useTranslation('liveViewers');
  const translate = useRef(t);
  // eslint-disable-next-line react-hooks/refs -- the latest value for effects and callbacks that must not re-run when it changes, written during render on purpose
  translate.current = t;

  useEffect(() => {
    if (!key || typeof WebSocket === 'undefined') return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(liveViewersSocketURL());
    } catch (error) {
      console.debug('live viewers: cannot connect', error);
      return;
    }
    let shown = false;
    let active = true; // false once the page is left: a late 'open' then only closes the socket
    socket.addEventListener('open', () => {
      if (!active) {
        socket.close(1000, 'left');
        return;
      }
      socket.send(JSON.stringify({ type: 'setUserEvent', data: { user: randomUser(), key: `${page}${key}` } }));
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      let type: unknown;
      try {
        type = (JSON.parse(String(event.data)) as { type?: unknown }).type;
      } catch {
        return;
      }
      if (type !== 'showEvent' || shown) return;
      shown = true;
      const t = translate.current;
      showHurryToast(t('hurry.title'), t('hurry.body'), t('close'));
      socket.close(1000, 'seen');
    });
    socket.addEventListener('error', () => console.debug('live viewers: connection error'));
    socket.addEventListener('close', (event: CloseEvent) => {
      if (!shown && event.code !== 1000) console.debug('live viewers: connection closed', event.code, event.reason);
    });
    return () => {
      active = false;
      // Closing a socket that is still connecting logs a browser warning: it is closed when it opens.
      if (socket.readyState !== WebSocket.CONNECTING) socket.close(1000, 'left');
    };
  }, [page, key]);
}

/** The 'hurry' toast: one at a time, like every toast, for 10 seconds. */
function showHurryToast(title: string, message: string, closeLabel: string): void {
  notifications.clean();
  notifications.show({
    id: 'live-viewers-hurry',
    title,
    message,
    color: 'orange',
    autoClose: HURRY_TOAST_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': closeLabel },
    // Mantine dims a message under a title below the contrast WCAG asks for.
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  });
}
