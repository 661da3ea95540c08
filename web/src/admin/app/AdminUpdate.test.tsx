import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AdminUpdate, useAdminRelease } from '@/admin/app/AdminUpdate';
import { useLeaveGuard } from '@/admin/hooks/useLeaveGuard';
import type { RegisterSW } from '@/lib/app-update';
import { renderAdmin } from '@/admin/test/render';

/** A section switch as AdminShell makes it: reloads into a new version when told to, else switches. */
function Sections({ dirty }: { dirty: boolean }) {
  const release = useAdminRelease();
  const [section, setSection] = useState('today');
  const [remembered, setRemembered] = useState('');
  useLeaveGuard({ dirty, onBack: () => undefined, onLeave: () => undefined });
  return (
    <>
      <p>section: {section}</p>
      <p>remembered: {remembered}</p>
      <button type="button" onClick={() => release.reloadAtNavigation(() => setRemembered('kpi')) || setSection('kpi')}>
        KPIs
      </button>
    </>
  );
}

function setup(dirty: boolean) {
  const hadServiceWorker = 'serviceWorker' in navigator;
  if (!hadServiceWorker) Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  const got: { options?: Parameters<RegisterSW>[0] } = {};
  const load = () => Promise.resolve<RegisterSW>((o) => void (got.options = o));
  const reload = vi.fn();
  const update = vi.fn(() => Promise.resolve());
  renderAdmin(
    <AdminUpdate enabled load={load} reload={reload}>
      <Sections dirty={dirty} />
    </AdminUpdate>,
  );
  const registered = async () => {
    await waitFor(() => expect(got.options).toBeDefined());
    act(() => got.options?.onRegisteredSW?.('/sw.js', { update } as unknown as ServiceWorkerRegistration));
  };
  const released = () => act(() => got.options?.onNeedReload?.());
  const restore = () => {
    if (!hadServiceWorker) Reflect.deleteProperty(navigator, 'serviceWorker');
  };
  return { reload, update, registered, released, restore };
}

describe('AdminUpdate: a new release reaches an open back office', () => {
  it('asks the server for a new version at each section switch, and switches as usual while none is ready', async () => {
    const { reload, update, registered, restore } = setup(false);
    await registered();
    await userEvent.click(screen.getByRole('button', { name: 'KPIs' }));
    expect(update).toHaveBeenCalledTimes(1);
    expect(screen.getByText('section: kpi')).toBeInTheDocument();
    expect(screen.queryByText('A new version is ready')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    restore();
  });

  it('with nothing unsaved: says a new version is ready and reloads into it at the next section switch', async () => {
    const { reload, registered, released, restore } = setup(false);
    await registered();
    released();
    expect(await screen.findByRole('status')).toHaveTextContent('A new version is ready');
    expect(reload).not.toHaveBeenCalled(); // not under the staff member's feet
    await userEvent.click(screen.getByRole('button', { name: 'KPIs' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('remembered: kpi')).toBeInTheDocument(); // the reload opens the chosen section
    restore();
  });

  it('with unsaved input: never reloads by itself, only when the staff member clicks Reload', async () => {
    const { reload, update, registered, released, restore } = setup(true);
    await registered();
    released();
    expect(await screen.findByText('A new version is ready')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'KPIs' }));
    await new Promise((done) => setTimeout(done, 100));
    expect(reload).not.toHaveBeenCalled();
    expect(update).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    restore();
  });
});
