import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CreateEventDialog } from '@/admin/features/events/components/CreateEventDialog';
import type { FullEvent } from '@/admin/features/events/utils/event-form';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';

const tab = (name: string) => screen.getByRole('tab', { name });

/** The Night Cup as GET /api/event/fullEvent answers it: 3 of 20 places taken, a category and a code. */
const STORED: FullEvent = {
  id: 41,
  key: 'night-cup-key',
  version: 1_790_000_000_123,
  placesTaken: 3,
  event: {
    name: 'Night Cup',
    price: 45.5,
    idLocalProduct: 'EV-9',
    maxStock: 20,
    teamEvent: true,
    dateIni: '2026-12-20 19:00:00',
    dateEnd: '2026-12-20 23:00:00',
    productData: { checkboxText: 'We are all 16 or older', minParticipant: 3, exclusivity: true, colour: 'red' },
  },
  templateHtml: '<h1>Night Cup</h1>',
  addToLandingPage: true,
  categorys: { title: 'Class', excluding: true, options: '[{"name":"Junior","shortName":"JR","checked":false,"disabled":false}]' },
  discount: { code: 'NIGHT10', price: 10, expirationDate: null, stock: 5 },
};

/** Records the saves sent and answers each with `answer` (the stored event with the save applied by default). */
function saves(answer?: () => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/event/previewTemplate', async ({ request }) => HttpResponse.json({ data: { html: ((await request.json()) as { html: string }).html } })),
    http.post('/api/event/updateFullEvent', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (answer) return answer();
      const event = body.event as { name: string; maxStock: number | null };
      return HttpResponse.json({ data: { ...STORED, version: STORED.version + 1, event: { ...STORED.event, name: event.name, maxStock: event.maxStock } } });
    }),
  );
  return sent;
}

function open(onSaved = vi.fn(), onClose = vi.fn()) {
  renderAdmin(<CreateEventDialog idCompany={2} editing={STORED} onSaved={onSaved} onClose={onClose} />);
  return { onSaved, onClose };
}

describe('the event form in edit mode (the calendar’s Edit)', { timeout: 60_000 }, () => {
  it('opens filled with the stored event, every tab open, and saves the changes based on the version read', async () => {
    const sent = saves();
    const user = userEvent.setup();
    const { onSaved } = open();
    expect(screen.getByRole('dialog', { name: 'Edit event' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Night Cup');
    expect(screen.getByRole('textbox', { name: /^Price/ })).toHaveValue('45.50');
    const stock = screen.getByRole('textbox', { name: /^Stock/ });
    expect(stock).toHaveValue('20');
    expect(stock).toHaveAccessibleDescription(/3 places are already taken/);
    expect(screen.getByRole('radio', { name: 'By groups (teams)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Individual' })).toBeDisabled();
    for (const name of ['DATA', 'Dates', 'Categories', 'Template', 'Discounts']) expect(tab(name)).toBeEnabled();

    await user.click(tab('DATA'));
    expect(screen.getByRole('textbox', { name: 'Checkbox for registrants' })).toHaveValue('We are all 16 or older');
    expect(screen.getByRole('textbox', { name: 'Minimum participants' })).toHaveValue('3');
    expect(screen.getByRole('checkbox', { name: 'Exclusive event' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Value: colour' })).toHaveValue('red');
    await user.click(tab('Categories'));
    expect(screen.getByRole('textbox', { name: 'Category title' })).toHaveValue('Class');
    expect(screen.getByRole('cell', { name: 'Junior' })).toBeInTheDocument();
    await user.click(tab('Discounts'));
    expect(screen.getByText(/discount code is shown as it was created/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Discount code/ })).toHaveValue('NIGHT10');
    expect(screen.getByRole('textbox', { name: /^Discount code/ })).toHaveAttribute('readonly');

    await user.click(tab('Details'));
    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Night Cup XL');
    await user.clear(screen.getByRole('textbox', { name: /^Stock/ }));
    await user.type(screen.getByRole('textbox', { name: /^Stock/ }), '25');
    await user.click(tab('Discounts'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      idCompany: 2,
      id: 41,
      version: STORED.version,
      event: {
        name: 'Night Cup XL',
        price: 45.5,
        idLocalProduct: 'EV-9',
        maxStock: 25,
        dateIni: '2026-12-20T19:00',
        dateEnd: '2026-12-20T23:00',
        productData: { checkboxText: 'We are all 16 or older', minParticipant: 3, exclusivity: true, colour: 'red' },
      },
      templateHtml: '<h1>Night Cup</h1>',
      addToLandingPage: true,
      categorys: { title: 'Class', excluding: true, options: '[{"name":"Junior","shortName":"JR","checked":false,"disabled":false}]' },
    });
    expect(onSaved.mock.calls[0][0]).toMatchObject({ event: { name: 'Night Cup XL', maxStock: 25 } });
  });

  it('puts "fewer places than taken" on the stock and keeps what was typed', async () => {
    saves(() =>
      HttpResponse.json(
        { code: 'conflict', message: 'The event already has 3 places taken.', fields: { 'event.maxStock': 'must be at least 3, the places already taken' } },
        { status: 409 },
      ),
    );
    const user = userEvent.setup();
    const { onSaved } = open();
    await user.clear(screen.getByRole('textbox', { name: /^Stock/ }));
    await user.type(screen.getByRole('textbox', { name: /^Stock/ }), '2');
    await user.click(tab('Discounts'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Lower than the places already taken')).toBeInTheDocument();
    expect(tab('Details')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: /^Stock/ })).toHaveValue('2');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says so when someone else saved the event since it was opened, and saves nothing over it', async () => {
    saves(() =>
      HttpResponse.json({ code: 'conflict', message: 'Someone saved this event.', fields: { version: 'the event was saved since this version' } }, { status: 409 }),
    );
    const user = userEvent.setup();
    const { onSaved } = open();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), ' XL');
    await user.click(tab('Discounts'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert', { name: 'Someone else saved this event' })).toHaveTextContent(/open the event again/);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('undoes the changes back to the stored event, after asking', async () => {
    saves();
    const user = userEvent.setup();
    open();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), ' XL');
    await user.click(screen.getByRole('button', { name: 'Undo changes' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(ask).toHaveTextContent('Your changes to this event are not saved');
    await user.click(within(ask).getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Night Cup');
  });

  it("asks on the browser's Back once something changed, and Keep editing keeps it", async () => {
    saves();
    const user = userEvent.setup();
    const { onClose } = open();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), ' XL');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Night Cup XL');
    expect(onClose).not.toHaveBeenCalled();
  });
});
