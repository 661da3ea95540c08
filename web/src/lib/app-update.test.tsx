import { act, renderHook } from '@testing-library/react';
import { useAppUpdate, type RegisterSW } from '@/lib/app-update';

describe('useAppUpdate', () => {
  const hadServiceWorker = 'serviceWorker' in navigator;
  beforeAll(() => {
    if (!hadServiceWorker) Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  });
  afterAll(() => {
    if (!hadServiceWorker) Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  /** A registerSW that keeps the options it was given, so a test can play the worker's part. */
  function fakeRegister() {
    const got: { options?: Parameters<RegisterSW>[0] } = {};
    const registerSW: RegisterSW = (o) => void (got.options = o);
    return { got, load: () => Promise.resolve(registerSW) };
  }

  it('registers the worker at once and, when a new version takes over, shows the loading screen then reloads', async () => {
    const { got, load } = fakeRegister();
    const reload = vi.fn();
    const { result } = renderHook(() => useAppUpdate({ enabled: true, load, reload, reloadDelayMs: 10 }));
    await vi.waitFor(() => expect(got.options).toBeDefined());
    expect(got.options?.immediate).toBe(true);
    expect(result.current.updating).toBe(false);

    act(() => got.options?.onNeedReload?.());
    expect(result.current.ready).toBe(true);
    expect(result.current.updating).toBe(true);
    expect(reload).not.toHaveBeenCalled(); // the loading screen is painted first
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('without reloadWhenReady (the back office) reports the new version and reloads only when asked', async () => {
    const { got, load } = fakeRegister();
    const reload = vi.fn();
    const { result } = renderHook(() => useAppUpdate({ enabled: true, load, reload, reloadDelayMs: 1, reloadWhenReady: false }));
    await vi.waitFor(() => expect(got.options).toBeDefined());

    act(() => got.options?.onNeedReload?.());
    expect(result.current.ready).toBe(true);
    expect(result.current.updating).toBe(false);
    // Nothing reloads by itself: the page stays as it is until the caller decides.
    await new Promise((done) => setTimeout(done, 20));
    expect(reload).not.toHaveBeenCalled();

    act(() => result.current.reloadNow());
    expect(result.current.updating).toBe(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('check asks the server for a new worker once registered, and not before', async () => {
    const { got, load } = fakeRegister();
    const update = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useAppUpdate({ enabled: true, load, reloadWhenReady: false }));
    result.current.check(); // not registered yet: nothing to ask
    await vi.waitFor(() => expect(got.options).toBeDefined());
    act(() => got.options?.onRegisteredSW?.('/sw.js', { update } as unknown as ServiceWorkerRegistration));
    result.current.check();
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('does nothing outside the built app', async () => {
    const load = vi.fn(() => Promise.resolve<RegisterSW>(() => undefined));
    renderHook(() => useAppUpdate({ enabled: false, load }));
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
  });

  it('only logs when the worker cannot be registered', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const { result } = renderHook(() => useAppUpdate({ enabled: true, load: () => Promise.reject(new Error('offline')) }));
    await vi.waitFor(() => expect(debug).toHaveBeenCalled());
    expect(result.current.updating).toBe(false);
    debug.mockRestore();
  });
});
