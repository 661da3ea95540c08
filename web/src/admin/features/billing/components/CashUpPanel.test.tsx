import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CashUpPanel } from '@/admin/features/billing/components/CashUpPanel';
import { adminCompany } from '@/admin/features/billing/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';

const zero = { charges: 0, corrections: 0, refunds: 0, net: 0, count: 0 };

/** A day with 57.00 by card terminal, 7.00 of it corrected, and 30.00 in cash. */
const day = {
  date: '2026-11-20',
  currency: 'EUR',
  simbolCoinType: '€',
  byMethod: [
    { method: 'cash', takings: { charges: 30, corrections: 0, refunds: 0, net: 30, count: 1 } },
    { method: 'card_terminal', takings: { charges: 57, corrections: 7, refunds: 0, net: 50, count: 2 } },
    { method: 'voucher', takings: zero },
    { method: 'other', takings: zero },
    { method: 'online', takings: zero },
  ],
  byStaff: [
    { userId: 3, name: 'Boss', email: 'boss@norte.test', takings: { charges: 0, corrections: 7, refunds: 0, net: -7, count: 1 } },
    { userId: 4, name: 'Desk', email: 'desk@norte.test', takings: { charges: 87, corrections: 0, refunds: 0, net: 87, count: 2 } },
  ],
  total: { charges: 87, corrections: 7, refunds: 0, net: 80, count: 3 },
  lines: [],
};

describe('CashUpPanel', { timeout: 30_000 }, () => {
  it('loads only once opened, then shows the day by method and by staff member, with its CSV', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/cash-up', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(day);
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<CashUpPanel company={adminCompany()} />);
    expect(asked).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show the cash-up' }));
    const byMethod = await screen.findByRole('table', { name: 'Cash-up by method' });
    const card = within(byMethod).getByTestId('cash-up-method-card_terminal');
    expect(within(card).getAllByRole('cell').map((c) => c.textContent)).toEqual(['€57.00', '-€7.00', '€0.00', '€50.00']);
    expect(within(byMethod).getByRole('rowheader', { name: 'Card terminal' })).toBeInTheDocument();
    expect(within(within(byMethod).getByTestId('cash-up-total')).getAllByRole('cell')[3]).toHaveTextContent('€80.00');
    const byStaff = screen.getByRole('table', { name: 'Cash-up by staff member' });
    expect(within(byStaff).getByRole('rowheader', { name: 'Desk' })).toBeInTheDocument();
    expect(asked[0]).toMatch(/idCompany=7&date=\d{4}-\d{2}-\d{2}/);

    await user.clear(screen.getByLabelText('Day'));
    await user.type(screen.getByLabelText('Day'), '2026-11-20');
    const csv = await screen.findByRole('link', { name: 'Cash-up as CSV' });
    const url = new URL(csv.getAttribute('href') ?? '', window.location.origin);
    expect(url.pathname).toBe('/api/admin/cash-up');
    expect(Object.fromEntries(url.searchParams)).toEqual({ idCompany: '7', date: '2026-11-20', format: 'csv', lang: 'en' });
  });
});
