import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BookingDetailsDialog } from '@/admin/features/bookings/components/BookingDetailsDialog';
import { masterData } from '@/admin/features/bookings/components/paymentDialogs.fixture';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';

function api(data: Record<string, unknown>, answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/booking/master-data/:id', () => HttpResponse.json(data)),
    http.post('/api/admin/resend-confirmation', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

async function openDetails() {
  renderAdmin(
    <BookingDetailsDialog company={adminCompany({ role: 'DESK' })} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />,
  );
  const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
  await within(details).findByText('Walk In');
  return details;
}

describe('ResendConfirmationDialog', { timeout: 30_000 }, () => {
  it('says where the mail goes, then sends it once for the counter (DESK)', async () => {
    const bodies = api(masterData(), () => HttpResponse.json({ data: { id: 9, email: 'walk@example.test' } }));
    const user = userEvent.setup();
    const details = await openDetails();
    await user.click(within(details).getByRole('button', { name: 'Resend confirmation' }));
    const dialog = await screen.findByRole('dialog', { name: /^Resend confirmation · .*UE9B-KTGR/ });
    expect(within(dialog).getByText(/The confirmation mail goes again to .*walk@example\.test/)).toBeInTheDocument();
    expect(within(dialog).getByText(/previous mail stops working/)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Confirmation sent again to .*walk@example\.test/)).toBeInTheDocument();
    expect(bodies).toEqual([{ idCompany: 1, bookingId: 9 }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Resend confirmation/ })).not.toBeInTheDocument());
  });

  it("shows the server's refusal and stays open", async () => {
    api(masterData(), () =>
      HttpResponse.json({ code: 'conflict', message: 'The booking is waiting for its online payment: it is not confirmed yet.' }, { status: 409 }),
    );
    const user = userEvent.setup();
    const details = await openDetails();
    await user.click(within(details).getByRole('button', { name: 'Resend confirmation' }));
    const dialog = await screen.findByRole('dialog', { name: /^Resend confirmation/ });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('not confirmed yet');
  });

  it('is not offered on a cancelled booking', async () => {
    api(masterData({ state: 'cancelada', cancellable: false }), () => HttpResponse.json({}));
    const details = await openDetails();
    expect(within(details).queryByRole('button', { name: 'Resend confirmation' })).not.toBeInTheDocument();
  });
});
