import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CompanyTab } from '@/admin/features/settings/components/CompanyTab';
import { renderAdmin } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const stored = {
  name: 'Karting Norte',
  address: 'Calle Mayor 1',
  replyTo: '',
  reportEmails: [],
  currency: 'EUR',
  currencySymbol: '€',
  timeZone: 'Europe/Madrid',
  logo: '',
  isRefundEnabled: false,
  refundMaxDays: 0,
  paymentsActive: false,
  advertisingActive: false,
  featureLicences: false,
};

describe('the Company tab', () => {
  it('sends only the fields changed, and shows the field the server refuses on that field', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/admin/company-settings', () => HttpResponse.json(stored)),
      http.patch('/api/admin/company-settings', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if ('replyTo' in body) {
          return HttpResponse.json({ code: 'unprocessable', message: 'No.', fields: { replyTo: 'bad' } }, { status: 422 });
        }
        return HttpResponse.json({ ...stored, ...body });
      }),
    );
    renderAdmin(<CompanyTab idCompany={7} />);
    const save = await screen.findByRole('button', { name: 'Save company settings' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: /Customers pay online/ }));
    await userEvent.click(save);
    expect(await screen.findByText('Company settings saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ idCompany: 7, paymentsActive: true }]);

    await userEvent.type(screen.getByLabelText(/Reply-To address/), 'info@norte.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
    expect(await screen.findByText('Enter an e-mail address such as info@circuit.example, or leave it empty.')).toBeInTheDocument();
    expect(sent[1]).toEqual({ idCompany: 7, replyTo: 'info@norte.example' });
  });
});
