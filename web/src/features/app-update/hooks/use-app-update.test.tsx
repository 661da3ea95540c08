import { act, render, renderHook, screen } from '@testing-library/react';
import { UpdatingScreen } from '@/features/app-update/components/AppUpdate';
import { useAppUpdate, type RegisterSW } from '@/features/app-update/hooks/use-app-update';
import { AppProviders } from '@/app/providers';

describe('useAppUpdate', () => {
  const hadServiceWorker = 'serviceWorker' in navigator;
  beforeAll(() => {
    if (!hadServiceWorker) Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  });
  afterAll(() => {
    if (!hadServiceWorker) Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers the worker at once and, when a new version takes over, shows the loading screen then reloads', async () => {
    let options: Parameters<RegisterSW>[0] | undefined;
    const registerSW: RegisterSW = (o) => void (options = o);
    const reload = vi.fn();
    const { result } = renderHook(() =>
      useAppUpdate({ enabled: true, load: () => Promise.resolve(registerSW), reload, reloadDelayMs: 10 }),
    );
    await vi.waitFor(() => expect(options).toBeDefined());
    expect(options?.immediate).toBe(true);
    expect(result.current.updating).toBe(false);

    act(() => options?.onNeedReload?.());
    expect(result.current.updating).toBe(true);
    expect(reload).not.toHaveBeenCalled(); // the loading screen is painted first
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
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

describe('UpdatingScreen', () => {
  it('covers the page with a status that says the new version is being applied', () => {
    render(
      <AppProviders>
        <UpdatingScreen />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Updating to the latest version…');
  });
});
