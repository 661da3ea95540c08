import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Runs `task` once the page has loaded and the browser has a free moment (at the latest `timeoutMs` after
 * the load event), for work nobody waits for at first: registering the service worker, loading the
 * toasts' library. Done earlier it competes with the first paint for the phone's one busy main thread.
 * Returns a function that cancels the task if it has not run yet.
 */
export function afterLoadWhenIdle(task: () => void, timeoutMs = 2000): () => void {
  let cancelled = false;
  let cancelScheduled: (() => void) | undefined;
  const run = () => {
    if (!cancelled) task();
  };
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: timeoutMs });
      cancelScheduled = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 1);
      cancelScheduled = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    cancelScheduled?.();
  };
}

// Set once the page has loaded and been idle once: what mounts later (another page of the app) need not wait.
let pageLoaded = false;

/** False until the page has loaded and the browser had a free moment (afterLoadWhenIdle), then true. */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(pageLoaded);
  useEffect(
    () =>
      loaded
        ? undefined
        : afterLoadWhenIdle(() => {
            pageLoaded = true;
            setLoaded(true);
          }),
    [loaded],
  );
  return loaded;
}

/**
 * Renders its children (typically a lazy component) once the page has loaded and is idle, or at once when
 * `now` is set; nothing before. For what the page does not need to be shown: toasts, the service-worker
 * check, live viewers.
 */
export function AfterLoad({ children, now = false }: { children: ReactNode; now?: boolean }) {
  const loaded = useAfterLoad();
  return loaded || now ? <Suspense fallback={null}>{children}</Suspense> : null;
}
