import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { bookingApi, product } from '@/features/booking/testing/api-double';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

type User = ReturnType<typeof userEvent.setup>;

/** A voucher-mode company that asks each driver's e-mail (no date stage: the shortest way to the form). */
async function toRegister(user: User, drivers = 1) {
  const api = bookingApi([product({ id: 7, name: 'Bono 10 minutos' })]);
  server.use(
    http.get('/api/config/:key', () =>
      HttpResponse.json(companyConfig({ voucherMode: true, isPaymentsActive: 0, showEmails: true, emailOptional: false })),
    ),
    ...api.handlers,
  );
  renderRoute(`/${KNOWN_KEY}`);
  await user.click(await screen.findByRole('radio', { name: 'Bono 10 minutos' }, { timeout: 10_000 }));
  for (let i = 1; i < drivers; i++) await user.click(screen.getByRole('button', { name: 'One driver more' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Your details' }, { timeout: 10_000 });
}

/** Every lookup the wizard sent to /api/member/search-email, by address; "not a member" is `{found: false}`. */
function memberLookups(members: Record<string, string> = {}): string[] {
  const asked: string[] = [];
  server.use(
    http.post('/api/member/search-email', async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      asked.push(email);
      const nick = members[email];
      return nick
        ? HttpResponse.json({ found: true, nick, name: '', surname: '', birthday: '', phone: '', email, acceptSendPromo: true })
        : HttpResponse.json({ found: false });
    }),
  );
  return asked;
}

const hint = () => screen.getByTestId('next-hint');

describe('the register stage', () => {
  it('names the first thing missing under Next as the form fills in', { timeout: 90_000 }, async () => {
    const user = userEvent.setup();
    await toRegister(user);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(hint()).toHaveTextContent('Fill in your name.');
    expect(next).toHaveAccessibleDescription('Fill in your name.');

    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Ana');
    await waitFor(() => expect(hint()).toHaveTextContent('Fill in your e-mail address.'));
    await user.type(screen.getByRole('textbox', { name: /^E-mail\s*\*?$/ }), 'ana@example.com');
    await waitFor(() => expect(hint()).toHaveTextContent('Repeat your e-mail address in the second field.'));
    await user.type(screen.getByRole('textbox', { name: /^Repeat the e-mail/ }), 'ana@example.org');
    await waitFor(() => expect(hint()).toHaveTextContent('Repeat your e-mail address exactly.'));
    const repeat = screen.getByRole('textbox', { name: /^Repeat the e-mail/ });
    await user.clear(repeat);
    await user.type(repeat, 'ana@example.com');
    await waitFor(() => expect(hint()).toHaveTextContent('Fill in a valid phone number.'));
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '600123456');
    await waitFor(() => expect(hint()).toHaveTextContent('Fill in a valid e-mail address for every driver.'));
    await user.type(screen.getByRole('textbox', { name: 'E-mail of driver 1' }), 'ana@example.com');
    // Only the legal-age box is left: the hint says so, not "fill in the names and your details".
    await waitFor(() => expect(hint()).toHaveTextContent('Confirm that you are of legal age.'));
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I confirm that I am of legal age.' }));
    await waitFor(() => expect(next).toBeEnabled());
    expect(screen.queryByTestId('next-hint')).not.toBeInTheDocument();
  });

  it('looks a typed e-mail up once it is a whole address, once per address, and takes "not a member" quietly', { timeout: 90_000 }, async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    await toRegister(user, 2);
    const asked = memberLookups({ 'bo@example.com': 'BoRacer' }); // after the booking double, so that it answers
    const first = screen.getByRole('textbox', { name: 'E-mail of driver 1' });

    // Typing key by key: nothing is asked while the address is incomplete, one lookup when it is whole.
    await user.type(first, 'ana@example.com');
    await waitFor(() => expect(asked).toEqual(['ana@example.com']), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a debounce's worth and more: no late second ask
    expect(asked).toEqual(['ana@example.com']);
    // Not a member: nothing changes and nothing is logged as an error.
    expect(within(screen.getByTestId('driver-1')).queryByText('Member')).not.toBeInTheDocument();

    // The same address typed again is not asked again.
    await user.clear(first);
    await user.type(first, 'ana@example.com');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(asked).toEqual(['ana@example.com']);

    // Another address is asked once; a member's nickname fills the name and locks it.
    const second = screen.getByRole('textbox', { name: 'E-mail of driver 2' });
    await user.type(second, 'bo@example.com');
    const name = screen.getByRole('textbox', { name: 'Name of driver 2' });
    await waitFor(() => expect(name).toHaveValue('BoRacer'), { timeout: 5_000 });
    expect(name).toHaveAttribute('readonly');
    expect(asked).toEqual(['ana@example.com', 'bo@example.com']);

    const logged = [...warn.mock.calls, ...error.mock.calls].map((c) => c.map(String).join(' '));
    expect(logged.filter((line) => /member|search-email|404/i.test(line))).toEqual([]);
    warn.mockRestore();
    error.mockRestore();
  });
});
