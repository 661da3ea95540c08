import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BookingDetailsDialog } from '@/admin/features/bookings/components/BookingDetailsDialog';
import { masterData } from '@/admin/features/bookings/components/paymentDialogs.fixture';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

function api(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/booking/master-data/:id', () => HttpResponse.json(masterData())),
    http.post('/api/admin/update-contact', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

async function openEdit() {
  renderAdmin(
    <BookingDetailsDialog company={adminCompany({ role: 'DESK' })} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />,
  );
  const details = await screen.findByRole('dialog', { name: /PL-TOKEN-9/ });
  await within(details).findByText('Walk In');
  return details;
}

describe('EditContactDialog', { timeout: 30_000 }, () => {
  it('starts from the contact, refuses what the booking page refuses, then saves the edit', async () => {
    const bodies = api(() =>
      HttpResponse.json({ data: { name: 'Lucía', surname: 'Pérez', email: 'lucia@example.es', phone: '+34611222333' } }),
    );
    const user = userEvent.setup();
    const details = await openEdit();
    await user.click(within(details).getByRole('button', { name: 'Edit contact' }));
    const dialog = await screen.findByRole('dialog', { name: /^Edit contact · .*UE9B-KTGR/ });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ });
    expect(name).toHaveValue('Walk');
    expect(email).toHaveValue('walk@example.test');
    expect(within(dialog).getByRole('textbox', { name: /^Phone/ })).toHaveValue('+34611111111');

    await user.clear(name);
    await user.type(name, 'Ana/B');
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Write a name, without a slash.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write a valid e-mail address.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(name);
    await user.type(name, 'Lucía');
    await user.clear(within(dialog).getByRole('textbox', { name: /^Surname/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Surname/ }), 'Pérez');
    await user.clear(email);
    await user.type(email, 'lucia@example.es');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { idCompany: 1, bookingId: 9, name: 'Lucía', surname: 'Pérez', email: 'lucia@example.es', phone: '+34611111111' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Edit contact/ })).not.toBeInTheDocument());
  });

  it("shows the server's refused fields under them, in Arabic too", async () => {
    api(() =>
      HttpResponse.json(
        { code: 'unprocessable', message: 'The contact is not valid.', fields: { phone: 'must be a valid international phone number' } },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    await i18n.changeLanguage('ar');
    try {
      const details = await openEdit();
      await user.click(within(details).getByRole('button', { name: 'تعديل جهة الاتصال' }));
      const dialog = await screen.findByRole('dialog', { name: /^تعديل جهة الاتصال/ });
      await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
      expect(await within(dialog).findByText('اكتب رقم هاتف صالحًا؛ وأضف رمز الدولة إن كان من بلد آخر.')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: /^الهاتف/ })).toHaveAttribute('aria-invalid', 'true');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
