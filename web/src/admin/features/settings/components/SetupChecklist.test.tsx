import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SetupChecklist } from '@/admin/features/settings/components/SetupChecklist';
import { renderAdmin } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const checklist = (over: Record<string, boolean>) => ({
  hours: false, product: false, terms: false, firstBooking: false, paymentsOnline: false, done: false, ...over,
});

describe('the setup checklist', () => {
  it('ticks the steps the company has done, says how customers pay, gives the booking page and opens the settings', async () => {
    server.use(http.get('/api/admin/setup-checklist', () => HttpResponse.json(checklist({ hours: true, terms: true }))));
    const onOpenSettings = vi.fn();
    renderAdmin(<SetupChecklist idCompany={4} publicKey="ring-zero" onOpenSettings={onOpenSettings} />);
    const region = await screen.findByRole('region', { name: 'Get ready for your first booking' });
    const steps = within(region).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Check your opening hours and session length (Settings → General and Weekly schedule) (done)');
    expect(steps[1]).toHaveTextContent('Add a product customers can book (Settings → Products) (to do)');
    expect(steps[2]).toHaveTextContent('(done)');
    expect(steps[3]).toHaveTextContent('Customers pay at the circuit');
    expect(steps[4]).toHaveTextContent('Make a first booking: try your booking page yourself (to do)');
    expect(within(region).getByText(`${window.location.origin}/ring-zero`)).toHaveAttribute('dir', 'ltr');
    expect(within(region).getByRole('link', { name: 'Open the booking page' })).toHaveAttribute('href', `${window.location.origin}/ring-zero`);
    await userEvent.click(within(region).getByRole('button', { name: 'Open the settings' }));
    expect(onOpenSettings).toHaveBeenCalledOnce();
  });

  it('is not shown once every step is done', async () => {
    let asked = 0;
    server.use(
      http.get('/api/admin/setup-checklist', () => {
        asked++;
        return HttpResponse.json(checklist({ hours: true, product: true, terms: true, firstBooking: true, done: true }));
      }),
    );
    renderAdmin(<SetupChecklist idCompany={4} publicKey="ring-zero" onOpenSettings={() => {}} />);
    await vi.waitFor(() => expect(asked).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Get ready for your first booking' })).not.toBeInTheDocument();
    expect(screen.queryByText('Open the settings')).not.toBeInTheDocument();
  });
});
