import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CategoriesTab } from '@/admin/features/catalog/components/CategoriesTab';
import { PacksTab } from '@/admin/features/catalog/components/PacksTab';
import { staffList, staffProduct } from '@/admin/features/catalog/test/fixtures';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';

// The first rows wait for the list call; on a loaded machine that takes more than the default second.
configure({ asyncUtilTimeout: 10_000 });

/** The selector's product field (its listbox is labelled by it too). */
const productInput = (dialog: HTMLElement) => within(dialog).getAllByLabelText('Product').find((el) => el.tagName === 'INPUT') as HTMLElement;

describe('PacksTab', { timeout: 60_000 }, () => {
  it('adds, replaces, removes and reorders the sub-products, and sends them in order', async () => {
    const writes: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/product/staff', () => HttpResponse.json(staffList())),
      http.get('/api/group', () => HttpResponse.json([])),
      http.put('/api/product/updatePack', async ({ request }) => {
        writes.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(staffProduct({ kind: 'PACK' }));
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<PacksTab company={adminCompany()} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Weekend pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit pack' });
    expect(within(dialog).getByText('Sprint 10 → Qualifying')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Choose products' }));
    const selector = await screen.findByRole('dialog', { name: 'Products of the pack' });
    // Only active products may go in a pack: the disabled 'Final race' is not offered.
    await user.click(productInput(selector));
    expect(screen.queryByRole('option', { name: 'Final race' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Qualifying' }));
    await user.click(within(selector).getByRole('button', { name: 'Add' }));
    // Sprint 10, Qualifying, Qualifying → move the first down, then replace the last with Sprint 10.
    await user.click(within(selector).getByRole('button', { name: 'Move Sprint 10 down' }));
    await user.click(within(selector).getByRole('button', { name: 'Select Qualifying (position 3)' }));
    await user.click(productInput(selector));
    await user.click(screen.getByRole('option', { name: 'Sprint 10' }));
    await user.click(within(selector).getByRole('button', { name: 'Replace selected' }));
    await user.click(within(selector).getByRole('button', { name: 'Move Qualifying up' }));
    await user.click(within(selector).getByRole('button', { name: 'Remove Sprint 10 (position 3)' }));
    await user.click(within(selector).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByText('Qualifying → Sprint 10')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({ id: 21, productIds: [12, 11], price: 40 });
  });
});

describe('CategoriesTab', { timeout: 60_000 }, () => {
  it('requires a name, creates, renames and deletes with their toasts', async () => {
    const calls: { method: string; body: unknown }[] = [];
    const record = async ({ request }: { request: Request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: request.method, body });
      return HttpResponse.json({ id: 5, name: String(body.name ?? 'Adults'), idCompany: 1, archived: false }, { status: request.method === 'POST' ? 201 : 200 });
    };
    server.use(
      http.get('/api/group', () => HttpResponse.json([{ id: 5, name: 'Adults', idCompany: 1 }])),
      http.post('/api/group/createGroup', record),
      http.put('/api/group/updateGroup', record),
      http.delete('/api/group/deleteGroup', record),
    );
    const user = userEvent.setup();
    renderAdmin(<CategoriesTab company={adminCompany()} />);
    await user.click(await screen.findByRole('button', { name: 'Add category' }));
    let dialog = await screen.findByRole('dialog', { name: 'New category' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Juniors{Enter}');
    expect(await screen.findByText('Category created')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Adults' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit category' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Seniors');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category updated')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Adults' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete Adults?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category deleted')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', body: { idCompany: 1, name: 'Juniors' } },
      { method: 'PUT', body: { idCompany: 1, id: 5, name: 'Seniors' } },
      { method: 'DELETE', body: { idCompany: 1, id: 5 } },
    ]);
  });

  it('says before deleting how many products use the category and what becomes of them', async () => {
    const list = staffList();
    list.products[0].idGroup = 5;
    list.products[1].idGroup = 5;
    list.packs[0].idGroup = 5;
    server.use(
      http.get('/api/group', () => HttpResponse.json([{ id: 5, name: 'Adults', idCompany: 1 }, { id: 6, name: 'Kids', idCompany: 1 }])),
      http.get('/api/product/staff', () => HttpResponse.json(list)),
    );
    const user = userEvent.setup();
    renderAdmin(<CategoriesTab company={adminCompany()} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Adults' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Adults?' });
    expect(await within(confirm).findByText('3 products use it; they stay on sale without a category.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete Kids' }));
    expect(await within(await screen.findByRole('alertdialog', { name: 'Delete Kids?' })).findByText('No product uses it.')).toBeInTheDocument();
  });
});
