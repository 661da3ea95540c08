import { useCallback, useEffect, useRef, useState } from 'react';

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

/** What useAppUpdate reports and offers. */
export interface AppUpdate {
  /** A newly deployed version has taken over (its worker is active, the old caches are gone); this page still runs the old one. */
  ready: boolean;
  /** The page is about to reload into the new version (a loading screen may cover it meanwhile). */
  updating: boolean;
  /** Reloads into the new version now (after `reloadDelayMs`, so that a loading screen is painted first). */
  reloadNow: () => void;
  /** Asks the server at once whether a new version was deployed (a no-op before the worker is registered or offline). */
  check: () => void;
}

/**
 * Registers the service worker that caches the app shell (built app only; one worker for the whole site,
 * scope /, so the customer app and the back office share it) and reports a newly deployed version: once it
 * has taken over (its caches replaced the old ones, vite.config.ts `cleanupOutdatedCaches`), `ready`. With
 * `reloadWhenReady` (the customer app) the page then reloads at once behind `updating`; without it (the
 * back office, where a reload could throw away unsaved work) the caller decides when, with `reloadNow`.
 * An open page checks for a new version every hour, and whenever the caller calls `check`. Registration
 * problems are only logged: the app works without a worker.
 */
export function useAppUpdate({
  enabled = import.meta.env.PROD,
  load = loadRegister,
  reload = () => window.location.reload(),
  reloadDelayMs = 50,
  reloadWhenReady = true,
}: {
  enabled?: boolean;
  load?: () => Promise<RegisterSW>;
  reload?: () => void;
  reloadDelayMs?: number;
  reloadWhenReady?: boolean;
} = {}): AppUpdate {
  const [ready, setReady] = useState(false);
  const [updating, setUpdating] = useState(false);
  const registration = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Read once per page load, like the other options.
  const options = useRef({ reload, reloadDelayMs, reloadWhenReady });

  const reloadNow = useCallback(() => {
    setUpdating(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(options.current.reload, options.current.reloadDelayMs);
  }, []);

  const check = useCallback(() => {
    if (registration.current && navigator.onLine) void registration.current.update().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let interval: ReturnType<typeof setInterval> | undefined;
    let cancelled = false;
    load()
      .then((registerSW) => {
        if (cancelled) return;
        registerSW({
          immediate: true,
          onNeedReload: () => {
            setReady(true);
            if (options.current.reloadWhenReady) reloadNow();
          },
          onRegisteredSW: (_url, reg) => {
            if (!reg) return;
            registration.current = reg;
            interval = setInterval(check, UPDATE_CHECK_MS);
          },
          onRegisterError: (error) => console.debug('service worker: registration failed', error),
        });
      })
      .catch((error: unknown) => console.debug('service worker: not available', error));
    return () => {
      cancelled = true;
      clearTimeout(timer.current);
      clearInterval(interval);
    };
    // The worker is registered once per page load: the other options are read once.
  }, [enabled]); // eslint-disable-line react-hooks/exhaustive-deps

  return { ready, updating, reloadNow, check };
}
