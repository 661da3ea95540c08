import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CheckInPage } from '@/admin/features/checkin/components/CheckInPage';
import { saveSignIn } from '@/admin/lib/session';
import { adminCompany, staffCompanies } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';

/** An event registration as the look-up answers it: its one "session" is the event, without a product. */
function registration() {
  return {
    data: {
      bookingId: 31, identifier: 'EV-TOKEN-31', reference: 'UE9B-KTGR', state: 'pagada' as const,
      arrived: false, arrivedAt: null, arrivedBy: null, alreadyArrived: false, replayed: false,
      paid: 45, due: 0, total: 45, name: 'Los Rápidos - SR', drivers: 1,
      sessions: [{ date: '2026-06-20', time: '21:00', name: 'Copa Norte Nocturna', product: '', drivers: 1 }],
    },
  };
}

describe('CheckInPage', { timeout: 30_000 }, () => {
  it("shows an event registration by the event's name once and the registrant", async () => {
    saveSignIn(staffCompanies(), 'Ana Ruiz');
    server.use(
      http.get('/api/admin/company', () => HttpResponse.json(adminCompany())),
      http.post('/api/admin/check-in-lookup', () => HttpResponse.json(registration())),
    );
    const user = userEvent.setup();
    renderAdmin(<CheckInPage />, { path: '/admin/check-in' });
    await user.type(await screen.findByRole('textbox', { name: /Booking reference/ }), 'ue9bktgr');
    await user.click(screen.getByRole('button', { name: 'Find' }));

    expect(await screen.findByText('Los Rápidos - SR')).toBeInTheDocument();
    const line = within(screen.getByRole('list')).getByRole('listitem');
    expect(line).toHaveTextContent(/21:00.* · Copa Norte Nocturna \(1\)$/);
    expect(line.textContent?.split('Copa Norte Nocturna')).toHaveLength(2);
    expect(screen.getByText('Nothing to pay')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark arrived' })).toBeEnabled();
  });
});
