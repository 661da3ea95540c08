import { useEffect, useState } from 'react';

/** How often a page that stays open asks the server whether a new version was deployed. */
export const UPDATE_CHECK_MS = 60 * 60_000;

/** What registering the service worker needs; `virtual:pwa-register` in the built app. */
export type RegisterSW = (options: {
  immediate?: boolean;
  onNeedReload?: () => void;
  onRegisteredSW?: (url: string, registration: ServiceWorkerRegistration | undefined) => void;
  onRegisterError?: (error: unknown) => void;
}) => unknown;

const loadRegister = async (): Promise<RegisterSW> => (await import('virtual:pwa-register')).registerSW;

/**
 * Registers the service worker that caches the app shell (built app only), and reports `updating` once a
 * newly deployed version has taken over: its caches replaced the old ones, and the page is about to
 * reload (after `reloadDelayMs`, so that the loading screen is painted first). An open page checks for a
 * new version every hour. Registration problems are only logged: the app works without a worker.
 */
export function useAppUpdate({
  enabled = import.meta.env.PROD,
  load = loadRegister,
  reload = () => window.location.reload(),
  reloadDelayMs = 50,
}: {
  enabled?: boolean;
  load?: () => Promise<RegisterSW>;
  reload?: () => void;
  reloadDelayMs?: number;
} = {}): { updating: boolean } {
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let interval: ReturnType<typeof setInterval> | undefined;
    let cancelled = false;
    load()
      .then((registerSW) => {
        if (cancelled) return;
        registerSW({
          immediate: true,
          onNeedReload: () => {
            setUpdating(true);
            timer = setTimeout(reload, reloadDelayMs);
          },
          onRegisteredSW: (_url, registration) => {
            if (!registration) return;
            interval = setInterval(() => {
              if (navigator.onLine) void registration.update().catch(() => undefined);
            }, UPDATE_CHECK_MS);
          },
          onRegisterError: (error) => console.debug('service worker: registration failed', error),
        });
      })
      .catch((error: unknown) => console.debug('service worker: not available', error));
    return () => {
      cancelled = true;
      clearTimeout(timer);
      clearInterval(interval);
    };
    // The worker is registered once per page load: the other options are read once.
  }, [enabled]); // eslint-disable-line react-hooks/exhaustive-deps

  return { updating };
}
