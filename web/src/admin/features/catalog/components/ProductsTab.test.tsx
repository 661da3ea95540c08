import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ProductsTab } from '@/admin/features/catalog/components/ProductsTab';
import { staffList, staffProduct } from '@/admin/features/catalog/test/fixtures';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { screenWidth } from '@/admin/test/screen-width';
import { server } from '@/test/server';

// The first rows wait for the list call; on a loaded machine that takes more than the default second.
configure({ asyncUtilTimeout: 10_000 });

/** The catalogue API: the staff list (counted) and every write (recorded), answering `answer`. */
function api(answer: (path: string, body: Record<string, unknown>) => Response = () => HttpResponse.json(staffProduct())) {
  const state = { lists: 0, writes: [] as { path: string; body: Record<string, unknown> }[] };
  const record = async ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname;
    const body = (await request.json()) as Record<string, unknown>;
    state.writes.push({ path, body });
    return answer(path, body);
  };
  server.use(
    http.get('/api/product/staff', () => {
      state.lists += 1;
      return HttpResponse.json(staffList());
    }),
    http.get('/api/group', () => HttpResponse.json([{ id: 5, name: 'Adults', idCompany: 1 }])),
    http.post('/api/product/createProduct', record),
    http.put('/api/product/updateProduct', record),
    http.delete('/api/product/deleteProduct', record),
  );
  return state;
}

describe('ProductsTab', { timeout: 60_000 }, () => {
  it('lists products with price, stock and the Disable column', async () => {
    api();
    renderAdmin(<ProductsTab company={adminCompany()} />);
    const row = (await screen.findByRole('cell', { name: 'Final race' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('5')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    const sprint = screen.getByRole('cell', { name: 'Sprint 10' }).closest('tr') as HTMLElement;
    expect(within(sprint).getByText('Unlimited')).toBeInTheDocument();
    expect(within(sprint).queryByText('Yes')).not.toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Weekend pack' })).not.toBeInTheDocument();
  });

  it('on a phone lists products as cards with name, price, stock and their actions', async () => {
    const restore = screenWidth(390);
    try {
      api();
      const user = userEvent.setup();
      renderAdmin(<ProductsTab company={adminCompany()} />);
      const list = await screen.findByRole('list', { name: 'Products' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const final = within(list).getByText('Final race').closest('li') as HTMLElement;
      expect(within(final).getByText('Stock: 5 · Disabled')).toBeInTheDocument();
      const sprint = within(list).getByText('Sprint 10').closest('li') as HTMLElement;
      expect(within(sprint).getByText('Stock: Unlimited')).toBeInTheDocument();
      await user.click(within(sprint).getByRole('button', { name: 'Edit Sprint 10' }));
      expect(await screen.findByRole('dialog')).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('checks the required fields, keeps the image button off until name and local id, and creates', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderAdmin(<ProductsTab company={adminCompany()} />);
    await user.click(await screen.findByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(3);
    expect(calls.writes).toHaveLength(0);

    const image = within(dialog).getByRole('button', { name: 'Choose PNG image' });
    expect(image).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Night race');
    expect(image).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Local product id/ }), 'NR1');
    expect(image).toBeEnabled();

    const price = within(dialog).getByRole('textbox', { name: /^Price/ });
    await user.type(price, '24.');
    expect(price).toHaveValue('24,');
    await user.type(price, '5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Discounted price' }), '19.9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product created')).toBeInTheDocument();
    expect(calls.writes).toHaveLength(1);
    const body = calls.writes[0].body;
    expect(body).toMatchObject({ idCompany: 1, name: 'Night race', idLocal: 'NR1', price: '19.90', isActive: 1, maxStock: null });
    expect(JSON.parse(body.data as string)).toEqual({ oldPrice: 24.5 });
    await waitFor(() => expect(calls.lists).toBeGreaterThanOrEqual(2));
  });

  it('asks before changing the local id and shows the server field errors', async () => {
    const calls = api(() => HttpResponse.json({ code: 'unprocessable', message: 'Some fields are not valid.', fields: { description: 'at most 300 characters' } }, { status: 422 }));
    const user = userEvent.setup();
    renderAdmin(<ProductsTab company={adminCompany()} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Sprint 10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    const idLocal = within(dialog).getByRole('textbox', { name: /Local product id/ });
    await user.clear(idLocal);
    await user.type(idLocal, 'SPR11');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change the local product id?' });
    expect(within(confirm).getByText(/from SPR10 to SPR11/)).toBeInTheDocument();
    expect(calls.writes).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Save anyway' }));
    expect(await within(dialog).findByText('at most 300 characters')).toBeInTheDocument();
    expect(calls.writes[0]).toMatchObject({ path: '/api/product/updateProduct', body: { id: 11, idLocal: 'SPR11' } });
  });

  it('deletes after the confirmation and says when the product was archived', async () => {
    const calls = api(() => HttpResponse.json({ id: 12, archived: true }));
    const user = userEvent.setup();
    renderAdmin(<ProductsTab company={adminCompany()} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Qualifying' }));
    expect(calls.writes).toHaveLength(0);
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete Qualifying?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted (kept in past bookings)')).toBeInTheDocument();
    expect(calls.writes[0]).toMatchObject({ path: '/api/product/deleteProduct', body: { id: 12, idCompany: 1 } });
  });

  it("marks the dynamic-price button with the company's currency, not a dollar sign", async () => {
    api();
    renderAdmin(<ProductsTab company={{ ...adminCompany(), simbolCoinType: 'kr.' }} />);
    const button = await screen.findByRole('button', { name: 'Dynamic prices of Sprint 10' });
    expect(button).toHaveTextContent('kr.');
    expect(button).not.toHaveTextContent('$');
  });

  it('saves a Saturday complete-day dynamic price, refuses overlapping rows, and asks before dropping changes', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderAdmin(<ProductsTab company={adminCompany()} />);
    await user.click(await screen.findByRole('button', { name: 'Dynamic prices of Sprint 10' }));
    let dialog = await screen.findByRole('dialog', { name: 'Dynamic prices: Sprint 10' });
    await user.click(within(dialog).getByRole('switch', { name: 'Prices on Saturday' }));
    // The new day starts as 00:00-00:00 at 1, before the 08:00 opening: refused here.
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('The price hours overlap or fall outside the opening hours')).toBeInTheDocument();
    expect(calls.writes).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday: Complete day' }));
    const price = within(dialog).getByRole('textbox', { name: 'Saturday Price 1' });
    await user.clear(price);
    await user.type(price, '32.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Setup changed')).toBeInTheDocument();
    expect(calls.writes[0].path).toBe('/api/product/updateProduct');
    expect(calls.writes[0].body).toMatchObject({ id: 11, isDynamicPrice: 1, price: '20.00' });
    expect(JSON.parse(calls.writes[0].body.data as string).dynamicPrice).toEqual({
      SA: { prices: [{ from: '08:00', to: '23:00', price: 32.5 }] },
      exceptionalDays: {},
    });

    await user.click(await screen.findByRole('button', { name: 'Dynamic prices of Sprint 10' }));
    dialog = await screen.findByRole('dialog', { name: 'Dynamic prices: Sprint 10' });
    await user.click(within(dialog).getByRole('switch', { name: 'Prices on Monday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('dialog', { name: 'Dynamic prices: Sprint 10' })).toBeInTheDocument();
  });
});

describe('ProductsTab on a circuit with two tracks', { timeout: 60_000 }, () => {
  it('explains the track and the local id, and shows the server refusing a product without a track beside the track', async () => {
    api(() => HttpResponse.json({ code: 'unprocessable', message: 'Choose the track this product is raced on.', fields: { idVariant: 'required: choose the track this product is raced on' } }, { status: 422 }));
    const user = userEvent.setup();
    const variants = [
      { idVariant: 1, label: 'Norte · Standard' },
      { idVariant: 2, label: 'Sur · Standard' },
    ];
    renderAdmin(<ProductsTab company={adminCompany()} variants={variants} />);
    await user.click(await screen.findByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    expect(within(dialog).getByText(/Your own code for this product/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Required when the circuit has more than one track/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Night race');
    await user.type(within(dialog).getByRole('textbox', { name: /Local product id/ }), 'NR1');
    await user.type(within(dialog).getByRole('textbox', { name: /^Price/ }), '24');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('required: choose the track this product is raced on')).toBeInTheDocument();
  });
});
