import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { todayKey } from '@/admin/features/bookings/api/today';

/** How long the view waits after a change signal before it reads its day again (signals in a burst read once). */
export const LIVE_SETTLE_MS = 400;
/** The longest wait before reconnecting a lost socket (it doubles from one second). */
const MAX_BACKOFF_MS = 30_000;

/** The live socket's URL on this origin (ws: or wss: like the page). */
export function deskLiveURL(idCompany: number, location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/admin/live?idCompany=${idCompany}`;
}

/**
 * Keeps the company's Today view live: a websocket on /api/admin/live (the realtime hub) says "changed"
 * whenever a booking, a payment, a cancel or a check-in happens anywhere, and the view's days are read
 * again. A lost connection is reopened with a growing wait; the days are read again on reconnecting, as
 * changes may have been missed meanwhile. Without WebSocket (tests, old browsers) it does nothing.
 */
export function useDeskLive(idCompany: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let active = true;
    let backoff = 1000;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const refresh = () => {
      clearTimeout(settle);
      settle = setTimeout(() => void queryClient.invalidateQueries({ queryKey: todayKey(idCompany) }), LIVE_SETTLE_MS);
    };
    const connect = () => {
      try {
        socket = new WebSocket(deskLiveURL(idCompany));
      } catch (error) {
        console.debug('desk live: cannot connect', error);
        return;
      }
      socket.addEventListener('open', () => {
        if (!active) {
          socket?.close(1000, 'left');
          return;
        }
        if (opened) refresh(); // a reconnection: what changed meanwhile was not signalled
        opened = true;
        backoff = 1000;
      });
      socket.addEventListener('message', (event: MessageEvent) => {
        try {
          if ((JSON.parse(String(event.data)) as { type?: unknown }).type === 'changed') refresh();
        } catch {
          // not a message of ours
        }
      });
      socket.addEventListener('close', () => {
        if (!active) return;
        retry = setTimeout(connect, backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      });
    };
    connect();
    return () => {
      active = false;
      clearTimeout(settle);
      clearTimeout(retry);
      if (socket && socket.readyState !== WebSocket.CONNECTING) socket.close(1000, 'left');
    };
  }, [idCompany, queryClient]);
}
