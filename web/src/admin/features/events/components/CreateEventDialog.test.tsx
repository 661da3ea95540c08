import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { CreateEventDialog } from '@/admin/features/events/components/CreateEventDialog';
import { renderAdmin } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

type User = ReturnType<typeof userEvent.setup>;

const tab = (name: string) => screen.getByRole('tab', { name });

async function fillDetails(user: User, { skipLanding = false } = {}) {
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Night Endurance');
  await user.type(screen.getByRole('textbox', { name: /^Price/ }), '40');
  await user.type(screen.getByRole('textbox', { name: /^Local product id/ }), 'EV-NIGHT');
  await user.click(screen.getByRole('radio', { name: 'By groups (teams)' }));
  if (!skipLanding) await user.click(within(screen.getByRole('radiogroup', { name: /landing page/ })).getByRole('radio', { name: 'Yes' }));
}

/** Types the start and end: a day (as typed, YYYY-MM-DD) and an hour each. */
function fillDates() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Start' }), { target: { value: '2031-05-01' } });
  fireEvent.change(screen.getByLabelText('Start: time'), { target: { value: '10:00' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'End' }), { target: { value: '2031-05-01' } });
  fireEvent.change(screen.getByLabelText('End: time'), { target: { value: '14:00' } });
}

/** Goes through the six tabs with valid values up to the discounts tab. */
async function reachDiscounts(user: User) {
  await fillDetails(user);
  await user.click(screen.getByRole('button', { name: 'Next' })); // → DATA
  await user.type(screen.getByRole('textbox', { name: 'Checkbox for registrants' }), 'I am 16 or older');
  await user.type(screen.getByRole('textbox', { name: 'Price before the offer' }), '55');
  await user.click(screen.getByRole('checkbox', { name: 'Exclusive event' }));
  await user.click(screen.getByRole('button', { name: 'Next' })); // → dates
  fillDates();
  await user.click(screen.getByRole('button', { name: 'Next' })); // → categories
  await user.type(screen.getByRole('textbox', { name: 'Category title' }), 'Class');
  await user.click(within(screen.getByRole('radiogroup', { name: /Only one option/ })).getByRole('radio', { name: 'Yes' }));
  await user.type(screen.getByRole('textbox', { name: 'Option name' }), 'Junior');
  await user.type(screen.getByRole('textbox', { name: 'Short name' }), 'JR');
  await user.click(screen.getByRole('button', { name: 'Add option' }));
  await user.click(screen.getByRole('button', { name: 'Next' })); // → template
  await user.click(await screen.findByRole('button', { name: 'HTML' }));
    await user.type(screen.getByRole('textbox', { name: /^HTML of Event page text/ }), '<h1>Night</h1>');
  await user.click(screen.getByRole('button', { name: 'Next' })); // → discounts
  await waitFor(() => expect(tab('Discounts')).toHaveAttribute('aria-selected', 'true'));
}

describe('CreateEventDialog', { timeout: 60_000 }, () => {
  // The template tab asks the server for its preview; these tests are about the dialog, so it echoes.
  beforeEach(() => {
    server.use(
      http.post('/api/event/previewTemplate', async ({ request }) =>
        HttpResponse.json({ data: { html: ((await request.json()) as { html: string }).html } }),
      ),
    );
  });

  it('unlocks each tab only when the earlier ones have no errors, and clear goes back to an empty details tab', async () => {
    const user = userEvent.setup();
    renderAdmin(<CreateEventDialog idCompany={2} onClose={() => undefined} />);
    for (const name of ['DATA', 'Dates', 'Categories', 'Template', 'Discounts']) expect(tab(name)).toBeDisabled();

    // Next on an unfinished tab shows its errors and stays.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('This field is required')).not.toHaveLength(0);
    expect(tab('Details')).toHaveAttribute('aria-selected', 'true');

    await fillDetails(user, { skipLanding: true });
    expect(tab('DATA')).toBeDisabled(); // the landing choice is still missing
    await user.click(within(screen.getByRole('radiogroup', { name: /landing page/ })).getByRole('radio', { name: 'No' }));
    // Details valid: DATA (empty is fine) and dates open; categories waits for the dates.
    await waitFor(() => expect(tab('DATA')).toBeEnabled());
    expect(tab('Dates')).toBeEnabled();
    expect(tab('Categories')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(tab('DATA')).toHaveAttribute('aria-selected', 'true');
    // A named field with a wrong value locks what follows, its error beside it.
    const minimum = screen.getByRole('textbox', { name: 'Minimum participants' });
    expect(minimum).toHaveAccessibleDescription(/fewest drivers/);
    await user.type(minimum, 'many');
    await waitFor(() => expect(tab('Dates')).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter a whole number of at least 1')).toBeInTheDocument();
    await user.clear(minimum);
    await user.type(minimum, '4');
    await waitFor(() => expect(tab('Dates')).toBeEnabled());
    // A known key cannot be typed as other data: it has its field.
    await user.type(screen.getByRole('textbox', { name: 'Key' }), 'oldPrice');
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '50');
    await user.click(screen.getByRole('button', { name: 'Add feature' }));
    await waitFor(() => expect(tab('Dates')).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Remove oldPrice' }));
    await waitFor(() => expect(tab('Dates')).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    expect(tab('Details')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(tab('DATA')).toBeDisabled();
  });

  it("clears the discount's code, value and date when 'No' is chosen", async () => {
    const user = userEvent.setup();
    renderAdmin(<CreateEventDialog idCompany={2} onClose={() => undefined} />);
    await reachDiscounts(user);
    const group = () => screen.getByRole('radiogroup', { name: /Apply a discount/ });
    await user.click(within(group()).getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: /^Discount code/ }), 'TEAM10');
    await user.type(screen.getByRole('textbox', { name: /^Discount amount/ }), '10');
    fireEvent.change(screen.getByLabelText(/^Expiration date/), { target: { value: '2031-04-30' } });

    await user.click(within(group()).getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: /^Discount code/ })).not.toBeInTheDocument();
    await user.click(within(group()).getByRole('radio', { name: 'Yes' }));
    expect(screen.getByRole('textbox', { name: /^Discount code/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^Discount amount/ })).toHaveValue('');
    expect(screen.getByLabelText(/^Expiration date/)).toHaveValue('');
  });

  it('submits the payload with loading, then shows the whole address to copy or open', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/event/createFullEvent', async ({ request }) => {
        bodies.push(await request.json());
        await delay(200);
        return HttpResponse.json({ data: { url: 'http://127.0.0.1/event/abc123', id: 9, key: 'abc123' } }, { status: 201 });
      }),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<CreateEventDialog idCompany={2} onClose={onClose} />);
    await reachDiscounts(user);
    await user.click(within(screen.getByRole('radiogroup', { name: /Apply a discount/ })).getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: /^Discount code/ }), 'TEAM10');
    await user.type(screen.getByRole('textbox', { name: /^Discount amount/ }), '10');
    const submit = screen.getByRole('button', { name: 'Create event' });
    await user.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('data-loading', 'true'));

    const done = await screen.findByRole('dialog', { name: 'Event created' });
    expect(within(done).getByTestId('event-address')).toHaveTextContent('http://127.0.0.1/event/abc123');
    expect(within(done).getByRole('link', { name: 'Open' })).toHaveAttribute('href', 'http://127.0.0.1/event/abc123');
    expect(within(done).getByRole('link', { name: 'Open' })).toHaveAttribute('target', '_blank');
    expect(within(done).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
    expect(bodies).toEqual([
      {
        idCompany: 2,
        event: {
          name: 'Night Endurance',
          price: 40,
          idLocalProduct: 'EV-NIGHT',
          maxStock: null,
          teamEvent: true,
          dateIni: '2031-05-01T10:00',
          dateEnd: '2031-05-01T14:00',
          productData: { checkboxText: 'I am 16 or older', oldPrice: 55, exclusivity: true },
        },
        templateHtml: '<h1>Night</h1>',
        addToLandingPage: true,
        categorys: {
          title: 'Class',
          excluding: true,
          options: JSON.stringify([{ name: 'Junior', shortName: 'JR', checked: false, disabled: false }]),
        },
        discount: { code: 'TEAM10', price: 10, expirationDate: null, stock: null },
      },
    ]);
  });

  it("places the server's field errors on their fields and opens the tab", async () => {
    server.use(
      http.post('/api/event/createFullEvent', () =>
        HttpResponse.json(
          { code: 'unprocessable', message: 'Check the fields', fields: { 'event.dateIni': 'must not be in the past' } },
          { status: 422 },
        ),
      ),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<CreateEventDialog idCompany={2} onClose={onClose} />);
    await reachDiscounts(user);
    await user.click(within(screen.getByRole('radiogroup', { name: /Apply a discount/ })).getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(tab('Dates')).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByText('This date is in the past')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before Escape, the close button or Clear throw away what was typed, and closes at once when nothing was', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderAdmin(<CreateEventDialog idCompany={2} onClose={onClose} />);
    // Nothing typed: Escape closes without a question.
    await user.click(screen.getByRole('textbox', { name: /^Name/ }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument();
    unmount();

    renderAdmin(<CreateEventDialog idCompany={2} onClose={onClose} />);
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'Night Endurance');

    // Escape asks; Escape again answers "keep editing": the form and its text stay.
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toHaveTextContent('what you entered will be lost');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Create event' })).toBeInTheDocument();
    expect(name).toHaveValue('Night Endurance');

    // Clear asks, and Keep editing keeps the text.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Keep editing' }));
    expect(name).toHaveValue('Night Endurance');

    // Leaving the page is warned of while something is typed.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    // The close button asks; Discard closes.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument());
    await user.click(within(screen.getByRole('dialog', { name: 'Create event' })).getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('asks in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    const user = userEvent.setup();
    renderAdmin(<CreateEventDialog idCompany={2} onClose={() => undefined} />);
    await user.type(screen.getAllByRole('textbox')[0], 'X');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'تجاهل التغييرات؟' });
    expect(within(ask).getByRole('button', { name: 'متابعة التعديل' })).toBeInTheDocument();
  });
});
