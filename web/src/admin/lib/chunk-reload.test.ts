import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, importOrReload, isChunkLoadError, reloadOnce, type ReloadEnv } from '@/admin/lib/chunk-reload';

/** A page's session storage, clock and reload, recorded. */
function page(start = 1_700_000_000_000) {
  const stored = new Map<string, string>();
  const env = {
    clock: start,
    reloads: 0,
    storage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) },
    now: () => env.clock,
    reload: () => {
      env.reloads += 1;
    },
  };
  return env satisfies ReloadEnv;
}

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://pitlane.test/assets/KpiSection-Bx1.js'));

describe('recovering from a chunk a release removed', () => {
  it('knows a missing chunk in each browser’s words, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true); // Chromium
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true); // Firefox
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true); // Vite
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once for a missing chunk and waits for the reload instead of failing', async () => {
    const env = page();
    const result = importOrReload(gone, env);
    let settled = false;
    void result.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(env.reloads).toBe(1);
    expect(env.storage.getItem(CHUNK_RELOAD_KEY)).toBe(String(env.clock));
    expect(settled).toBe(false); // Suspense keeps its loader: no blank screen, no error page before the reload
  });

  it('after its reload, a chunk still missing is an error for the boundary (no loop); later, once more', async () => {
    const env = page();
    void importOrReload(gone, env);
    await vi.waitFor(() => expect(env.reloads).toBe(1));

    // The reloaded page (same tab, same session storage) still cannot load it: no second reload.
    env.clock += 2_000;
    await expect(importOrReload(gone, env)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(env.reloads).toBe(1);
    expect(reloadOnce(env)).toBe(false);

    // A later release, well after: one reload again.
    env.clock += CHUNK_RELOAD_WINDOW_MS;
    expect(reloadOnce(env)).toBe(true);
    expect(env.reloads).toBe(2);
  });

  it('lets other failures through untouched and loads a chunk that is there', async () => {
    const env = page();
    await expect(importOrReload(() => Promise.reject(new SyntaxError('Unexpected token')), env)).rejects.toThrow('Unexpected token');
    await expect(importOrReload(() => Promise.resolve({ default: 'module' }), env)).resolves.toEqual({ default: 'module' });
    expect(env.reloads).toBe(0);
  });

  it('never reloads when session storage cannot hold the guard', () => {
    const env = page();
    env.storage.setItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    expect(reloadOnce(env)).toBe(false);
    expect(env.reloads).toBe(0);
  });
});
