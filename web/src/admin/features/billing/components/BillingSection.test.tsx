import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BillingSection } from '@/admin/features/billing/components/BillingSection';
import { adminCompany, billingResponse, saleRow } from '@/admin/features/billing/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

type Json = Record<string, unknown>;

/** Answers the billing query with `answer` and records every query body. */
function billingApi(answer: () => Response = () => HttpResponse.json(billingResponse())) {
  const bodies: Json[] = [];
  server.use(
    http.post('/api/admin/retrieveBillingBetweenDates', async ({ request }) => {
      bodies.push((await request.json()) as Json);
      return answer();
    }),
  );
  return bodies;
}

const box = (source: string) => screen.getByTestId(`billing-box-${source}`);

describe('BillingSection', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the current month with details and shows a box per line and the totals', async () => {
    const bodies = billingApi();
    renderAdmin(<BillingSection company={adminCompany()} />);

    await waitFor(() => expect(within(box('EVENT')).getByText('€100.50')).toBeInTheDocument());
    expect(bodies[0]).toMatchObject({ idCompany: 7, details: true });
    expect(String(bodies[0].dateIni)).toMatch(/^\d{4}-\d{2}-01$/);
    expect(within(box('BOOKING')).getByText('€40.00')).toBeInTheDocument();
    expect(within(box('EXTERNAL')).getByText('€30.00')).toBeInTheDocument();
    expect(screen.queryByTestId('billing-box-LICENSING')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Others' })).toBeInTheDocument();
    const totals = screen.getByTestId('billing-totals');
    expect(within(totals).getByText('4')).toBeInTheDocument();
    expect(within(totals).getByText('€245.50')).toBeInTheDocument();
    expect(within(totals).getByText('6')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Sales from .* to .*$/ })).toBeInTheDocument();
  });

  it('shows the licences box only to a company with licences', async () => {
    billingApi();
    renderAdmin(<BillingSection company={adminCompany({ showLicences: true })} />);
    await waitFor(() => expect(within(box('LICENSING')).getByText('€75.00')).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Licences' })).toBeInTheDocument();
  });

  it('lists the sales with refund rows in red, and sends the chosen range', async () => {
    const bodies = billingApi();
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    const refundRow = await screen.findByTestId('sale-refund-1');
    const amount = within(refundRow).getByText(/20\.00/);
    expect(amount).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
    expect(within(screen.getByTestId('sale-sale-2')).getByText('Partially refunded')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Start date'));
    await user.type(screen.getByLabelText('Start date'), '2026-10-01');
    await user.tab();
    await user.clear(screen.getByLabelText('End date'));
    await user.type(screen.getByLabelText('End date'), '2026-10-31');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Send query' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ idCompany: 7, dateIni: '2026-10-01', dateEnd: '2026-10-31', details: true });
    expect(screen.getByRole('heading', { name: /^Sales from \u20681\sOct\s2026\u2069 to \u206831\sOct\s2026\u2069$/ })).toBeInTheDocument();
  });

  it('turns refunds off for refund rows, sales with nothing left, and companies without refunds', async () => {
    billingApi();
    const { unmount } = renderAdmin(<BillingSection company={adminCompany()} />);
    expect(await screen.findByRole('button', { name: 'Refund BK-0001' })).toBeEnabled();
    const eventButtons = screen.getAllByRole('button', { name: 'Refund EV-0002' });
    expect(eventButtons.map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true]); // the sale, its refund row
    expect(screen.getByRole('button', { name: 'Refund EX-0004' })).toBeDisabled(); // nothing left to refund
    unmount();

    billingApi();
    renderAdmin(<BillingSection company={adminCompany({ isRefundEnabled: false })} />);
    await screen.findByTestId('sale-sale-1');
    expect(screen.queryByRole('button', { name: /^Refund / })).not.toBeInTheDocument();
  });

  it("disables a sale's refund with the server's reason, shown on focus, and opens no dialog", async () => {
    billingApi(() =>
      HttpResponse.json(
        billingResponse({ payments: [saleRow({ id: 'S1', reference: 'UE9B-KTGR', refundable: 156, refundBlocked: 'sessionStarted' })] }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    const button = await screen.findByRole('button', { name: 'Refund UE9B-KTGR: not possible. The session has started.' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    button.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The session has started.');
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows how each row was paid: the counter method, a later payment and a correction', async () => {
    billingApi(() =>
      HttpResponse.json(
        billingResponse({
          payments: [
            saleRow({ methods: ['cash'], paymentMode: 'circuit', by: 'desk@norte.test' }),
            saleRow({ id: 'P11', token: 'BK-0009', type: 'PAYMENT', priceConverted: 57, refundable: 0, methods: ['card_terminal'],
              shopping_cart: { source: 'BOOKING', state: 'PAYMENT', token: 'BK-0009', description: '' } }),
            saleRow({ id: 'C12', token: 'BK-0009', type: 'CORRECTION', priceConverted: -7, refundable: 0, methods: ['card_terminal'],
              reason: 'terminal charged twice', shopping_cart: { source: 'BOOKING', state: 'CORRECTION', token: 'BK-0009', description: '' } }),
          ],
        }),
      ),
    );
    renderAdmin(<BillingSection company={adminCompany()} />);
    expect(await within(await screen.findByTestId('sale-sale-1')).findByText('Cash')).toBeInTheDocument();
    const payment = screen.getByTestId('sale-P11');
    expect(within(payment).getByText('Card terminal')).toBeInTheDocument();
    expect(within(payment).getByText('Payment')).toBeInTheDocument();
    const correction = screen.getByTestId('sale-C12');
    expect(within(correction).getByText('Correction')).toBeInTheDocument();
    // Only the sale itself is refunded.
    expect(screen.getAllByRole('button', { name: 'Refund BK-0009' }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('filters by source and state and searches the text columns', async () => {
    billingApi();
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    await screen.findByTestId('sale-sale-1');
    expect(screen.getByText('5 of 5 rows')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Source'), 'EVENT');
    expect(screen.getByTestId('sale-sale-2')).toBeInTheDocument();
    expect(screen.getByTestId('sale-refund-1')).toBeInTheDocument();
    expect(screen.queryByTestId('sale-sale-1')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('State'), 'REFUND');
    expect(screen.getByText('1 of 5 rows')).toBeInTheDocument();
    expect(screen.getByTestId('sale-refund-1')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Source'), '');
    await user.selectOptions(screen.getByLabelText('State'), '');
    await user.type(screen.getByLabelText('Search'), 'dieter@');
    expect(screen.getByText('1 of 5 rows')).toBeInTheDocument();
    expect(screen.getByTestId('sale-sale-4')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'nobody-matches');
    expect(screen.getByText('No sale matches the search.')).toBeInTheDocument();
  });

  it('puts only the visible rows of a long list in the page, and still searches them all', async () => {
    const payments = Array.from({ length: 600 }, (_, i) =>
      saleRow({ id: `s${i}`, token: `BK-${String(i).padStart(4, '0')}`, contactName: `Customer ${i}`, email: `c${i}@example.com` }),
    );
    billingApi(() => HttpResponse.json(billingResponse({ payments })));
    // jsdom lays nothing out: the table's scroll box measures 1000 × 680 as on a desktop.
    const sized = (size: number) =>
      function (this: HTMLElement) {
        return this.dataset.testid === 'sales-scroll' ? size : 0;
      };
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(sized(680));
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(sized(1000));
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    await screen.findByTestId('sale-s0');
    const inPage = screen.getAllByTestId(/^sale-s\d+$/).length;
    expect(inPage).toBeGreaterThan(0);
    expect(inPage).toBeLessThan(60);
    expect(screen.queryByTestId('sale-s599')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Search'));
    await user.paste('c599@');
    expect(await screen.findByTestId('sale-s599')).toBeInTheDocument();
    expect(screen.getByText('1 of 600 rows')).toBeInTheDocument();
  });

  it('speaks Arabic, right to left, with the amounts the Arabic way', async () => {
    billingApi();
    await i18n.changeLanguage('ar');
    renderAdmin(<BillingSection company={adminCompany()} />);
    expect(await screen.findByRole('heading', { name: 'الفوترة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إرسال الاستعلام' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(screen.getByRole('heading', { name: 'الحجوزات' })).toBeInTheDocument();
    await waitFor(() => expect(within(box('BOOKING')).getByText(/40[.,٫]00/)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'استرداد BK-0001' })).toBeEnabled();
    // A phone reads left to right on one line.
    const phone = screen.getAllByText('+34600111222')[0].closest('bdi');
    expect(phone).toHaveAttribute('dir', 'ltr');
    expect(phone?.parentElement).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('shows the no-sales text for an empty period', async () => {
    billingApi(() =>
      HttpResponse.json(
        billingResponse({
          payments: [],
          numSells: 0,
          totalPriceConverted: 0,
          totalProducts: 0,
          bySource: {
            BOOKING: { count: 0, total: 0 },
            EVENT: { count: 0, total: 0 },
            LICENSING: { count: 0, total: 0 },
            EXTERNAL: { count: 0, total: 0 },
          },
        }),
      ),
    );
    renderAdmin(<BillingSection company={adminCompany()} />);
    expect(await screen.findByText('There are no sales in this period.')).toBeInTheDocument();
  });

  it('clears the lists and totals and shows the problems toast when the query fails', async () => {
    let fail = false;
    billingApi(() =>
      fail
        ? HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 })
        : HttpResponse.json(billingResponse()),
    );
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    await screen.findByTestId('sale-sale-1');

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Send query' }));
    expect(await screen.findByText('There were problems retrieving the sales. Please try again.')).toBeInTheDocument();
    expect(screen.queryByTestId('sale-sale-1')).not.toBeInTheDocument();
    expect(screen.getByText('There are no sales in this period.')).toBeInTheDocument();
    expect(within(box('BOOKING')).getByText('€0.00')).toBeInTheDocument();
    expect(within(screen.getByTestId('billing-totals')).getByText('€0.00')).toBeInTheDocument();
    expect(within(screen.getByTestId('billing-totals')).getAllByText('0')).toHaveLength(2);
  });

  it('offers the range as XLSX and CSV named detalles-facturacion', async () => {
    billingApi();
    renderAdmin(<BillingSection company={adminCompany()} />);
    await screen.findByTestId('sale-sale-1');
    expect(screen.getByRole('group', { name: 'Export' })).toBeInTheDocument();
    const xlsx = screen.getByRole('link', { name: 'Excel (XLSX)' });
    const url = new URL(xlsx.getAttribute('href') ?? '', window.location.origin);
    expect(url.pathname).toBe('/api/admin/export-billing');
    expect(url.searchParams.get('idCompany')).toBe('7');
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('dateIni')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(xlsx).toHaveAttribute('download', 'detalles-facturacion.xlsx');
    expect(screen.getByRole('link', { name: 'CSV' })).toHaveAttribute('download', 'detalles-facturacion.csv');
  });

  it('shows a sale\'s lines in the details dialog', async () => {
    billingApi();
    const asked: Json[] = [];
    server.use(
      http.post('/api/admin/retrieveShoppingCartDetails', async ({ request }) => {
        asked.push((await request.json()) as Json);
        return HttpResponse.json({
          data: {
            token: 'BK-0001',
            state: 'PAID',
            priceConverted: 40,
            details: [
              {
                id: 1,
                name: 'Gran Premio 10 min',
                token: 'BK-0001',
                type: 'BOOKING',
                quantity: 2,
                unitPriceConverted: 20,
                originalUnitPriceConverted: 20,
                discountPrice: 0,
                priceConverted: 40,
                sessions: ['2026-11-21 18:00'],
              },
            ],
          },
        });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    await user.click(await screen.findByRole('button', { name: 'Details of BK-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sale BK-0001' });
    expect(await within(dialog).findByRole('cell', { name: 'Gran Premio 10 min' })).toBeInTheDocument();
    expect(within(dialog).getByText('21 Nov 2026, 18:00')).toBeInTheDocument();
    expect(asked).toEqual([{ idCompany: 7, token: 'BK-0001' }]);
  });
  it('shows the reference as a column and in the dialogs, and finds a sale by it typed without the dash', async () => {
    billingApi(() =>
      HttpResponse.json(
        billingResponse({
          payments: [
            saleRow({ id: 'r1', token: 'f3a9c2d1e4b5a6978812345678901234', reference: 'KXR7-PM42', contactName: 'Ana Berg' }),
            saleRow({ id: 'r2', token: 'aa11', reference: 'UE9B-KTGR', contactName: 'Luis Ortega' }),
            saleRow({ id: 'r3', token: 'bb22', reference: '', contactName: 'Old Booking' }),
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    const row = await screen.findByTestId('sale-r1');
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('KXR7-PM42');
    expect(within(screen.getByTestId('sale-r3')).getAllByRole('cell')[0]).toHaveTextContent('—');
    expect(screen.getByRole('columnheader', { name: 'Reference' })).toBeInTheDocument();
    expect(screen.queryByText('f3a9c2d1e4b5a6978812345678901234')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Search'), 'kxr7pm42');
    expect(screen.getByText('1 of 3 rows')).toBeInTheDocument();
    expect(screen.getByTestId('sale-r1')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'ue9b-k');
    expect(screen.getByText('1 of 3 rows')).toBeInTheDocument();
    expect(screen.getByTestId('sale-r2')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search'));

    await user.click(within(screen.getByTestId('sale-r1')).getByRole('button', { name: 'Refund KXR7-PM42' }));
    const refund = await screen.findByRole('dialog', { name: 'Refund sale KXR7-PM42' });
    expect(within(refund).getByText('Ana Berg')).toBeInTheDocument();
  });

  it("adds a sale's lines up: drivers × unit price − discount = amount", async () => {
    billingApi();
    server.use(
      http.post('/api/admin/retrieveShoppingCartDetails', () =>
        HttpResponse.json({
          data: {
            token: 'BK-0001',
            state: 'PAID',
            priceConverted: 87,
            details: [
              {
                id: 1,
                name: 'Adult 10 min',
                token: 'BK-0001',
                type: 'PRODUCT',
                quantity: 1, // one session
                drivers: 3,
                unitPriceConverted: 29,
                originalUnitPriceConverted: 29,
                discountPrice: 0,
                priceConverted: 87,
                sessions: ['2026-11-21 18:00'],
              },
            ],
          },
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    await user.click(await screen.findByRole('button', { name: 'Details of BK-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sale BK-0001' });
    const line = (await within(dialog).findByRole('cell', { name: 'Adult 10 min' })).closest('tr') as HTMLElement;
    expect(within(dialog).getByRole('columnheader', { name: 'Drivers' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('columnheader', { name: 'Quantity' })).not.toBeInTheDocument();
    const cells = within(line).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['Adult 10 min', '3', '€29.00', '€0.00', '€87.00']);
  });
});
