import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BillingSection } from '@/admin/features/billing/components/BillingSection';
import { adminCompany, billingResponse, saleRow } from '@/admin/features/billing/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { screenWidth } from '@/admin/test/screen-width';
import { server } from '@/test/server';

describe('billing on a phone (390 px)', { timeout: 30_000 }, () => {
  let restore: () => void;
  beforeEach(() => {
    restore = screenWidth(390);
  });
  afterEach(() => restore());

  it('folds the boxes into one summary button that says the sales and the total, and opens them', async () => {
    server.use(http.post('/api/admin/retrieveBillingBetweenDates', () => HttpResponse.json(billingResponse())));
    renderAdmin(<BillingSection company={adminCompany()} />);
    const summary = await screen.findByRole('button', { name: /^Summary — sales: 4, total: \u2068?€245\.50\u2069?$/ });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('billing-totals')).not.toBeVisible();
    await userEvent.click(summary);
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    // Opening may run the fold's transition (when a test before this one in the worker left motion on).
    await waitFor(() => expect(screen.getByTestId('billing-totals')).toBeVisible());
    expect(within(screen.getByTestId('billing-box-EVENT')).getByText('€100.50')).toBeVisible();
  });

  it("shows one card per sale with reference, customer, date and time, source, method, amount and state, and the row's actions", async () => {
    server.use(
      http.post('/api/admin/retrieveBillingBetweenDates', () =>
        HttpResponse.json(
          billingResponse({
            payments: [
              saleRow({ reference: 'ABCD-2345', methods: ['cash', 'card_terminal'] }),
              saleRow({
                id: 'refund-1',
                reference: 'EFGH-6789',
                contactName: 'Björn Larsen',
                type: 'REFUND',
                priceConverted: -20,
                refundable: 0,
                shopping_cart: { source: 'EVENT', state: 'REFUND', token: 'EV-0002', description: 'Endurance' },
              }),
            ],
          }),
        ),
      ),
      http.post('/api/admin/retrieveShoppingCartDetails', () =>
        HttpResponse.json({ data: { token: 'BK-0001', state: 'PAID', priceConverted: 40, details: [] } }),
      ),
    );
    renderAdmin(<BillingSection company={adminCompany()} />);
    const list = await screen.findByRole('list', { name: 'Sales detail' });
    expect(screen.queryByRole('table', { name: 'Sales detail' })).not.toBeInTheDocument();
    const [sale, refund] = within(list).getAllByRole('listitem');
    expect(within(sale).getByText('ABCD-2345')).toHaveAttribute('dir', 'ltr');
    expect(within(sale).getByText('Ana García')).toBeInTheDocument();
    expect(within(sale).getByText(/20 Nov 2026, \d\d:15/)).toBeInTheDocument();
    expect(within(sale).getByText('Booking')).toBeInTheDocument();
    expect(within(sale).getByText('Cash, Card terminal')).toBeInTheDocument();
    expect(within(sale).getByText('€40.00')).toBeInTheDocument();
    expect(within(sale).getByText('Paid')).toBeInTheDocument();
    expect(within(refund).getByText('Björn Larsen')).toBeInTheDocument();
    expect(within(refund).getByText(/20\.00/)).toHaveStyle({ color: 'var(--mantine-color-red-9)' });

    // The table's actions under the table's names: details opens the sale, refund the refund dialog.
    await userEvent.click(within(sale).getByRole('button', { name: 'Details of ABCD-2345' }));
    expect(await screen.findByRole('dialog', { name: /ABCD-2345/ })).toBeInTheDocument();
    expect(within(sale).getByRole('button', { name: 'Refund ABCD-2345' })).toBeEnabled();
    expect(within(refund).getByRole('button', { name: 'Refund EFGH-6789' })).toBeDisabled();
  });

  it('keeps only the cards in view of two thousand sales in the page, and the search filters them', async () => {
    const payments = Array.from({ length: 2000 }, (_, i) => saleRow({ id: `sale-${i + 1}`, contactName: `Customer ${i + 1}`, token: `BK-${i + 1}` }));
    server.use(http.post('/api/admin/retrieveBillingBetweenDates', () => HttpResponse.json(billingResponse({ payments }))));
    renderAdmin(<BillingSection company={adminCompany()} />);
    const list = await screen.findByRole('list', { name: 'Sales detail' });
    await within(list).findByText('Customer 1');
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(50);
    expect(within(list).queryByText('Customer 2000')).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'BK-2000');
    expect(await screen.findByText('1 of 2000 rows')).toBeInTheDocument();
    expect(await within(list).findByText('Customer 2000')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });
});
