import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Session storage key: when the back office last reloaded itself for a chunk that would not load (ms since epoch). */
export const CHUNK_RELOAD_KEY = 'pitlane.admin.chunkReload';

/**
 * How long one automatic reload covers: a chunk failing again within it is shown as an error with a Reload
 * button instead of reloading again, so a chunk that is really gone (or a server that is down) cannot make
 * the page reload in a loop. Long enough for the reloaded page and its first chunks to load on a slow line.
 */
export const CHUNK_RELOAD_WINDOW_MS = 5 * 60_000;

/**
 * Whether an error is a lazily loaded chunk that could not be fetched: after a release the old build's
 * hashed file names answer 404. Browsers word it differently (Chromium "Failed to fetch dynamically imported
 * module", Firefox "error loading dynamically imported module", Safari "Importing a module script failed");
 * Vite's preload helper says "Unable to preload CSS".
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i.test(error.message)
  );
}

/** What the guard reads and does (the page's session storage, clock and reload; replaced in tests). */
export interface ReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

function browserEnv(): ReloadEnv {
  return { storage: window.sessionStorage, now: () => Date.now(), reload: () => window.location.reload() };
}

/**
 * Reloads the page once for a chunk that would not load, and says whether it did: false when the page
 * already reloaded itself for this within CHUNK_RELOAD_WINDOW_MS (or session storage is unusable), and the
 * caller then shows the error instead.
 */
export function reloadOnce(env: ReloadEnv = browserEnv()): boolean {
  try {
    const last = Number(env.storage.getItem(CHUNK_RELOAD_KEY));
    const now = env.now();
    if (last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    env.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false; // no session storage (private mode, blocked): no guard, so no automatic reload
  }
  env.reload();
  return true;
}

/**
 * Loads a chunk; when it cannot be fetched (a release replaced it), reloads the page once for the new build
 * and waits for the reload (the promise never settles, so Suspense keeps its loader instead of a blank or an
 * error). If it fails again just after a reload, the error goes on to the error boundary, which offers Reload.
 */
export async function importOrReload<T>(load: () => Promise<T>, env?: ReloadEnv): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnce(env)) return new Promise<T>(() => {});
    throw error;
  }
}

/** React.lazy over importOrReload: a lazily loaded component that recovers from a release. */
export function lazyOrReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => importOrReload(load));
}
