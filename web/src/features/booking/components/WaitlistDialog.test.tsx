import { QueryClient } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AppProviders } from '@/app/providers';
import { WaitlistDialog } from '@/features/booking/components/WaitlistDialog';
import { server } from '@/test/server';

configure({ asyncUtilTimeout: 5_000 });

// The real widget solves a proof of work in a Web Worker, which jsdom lacks: a button stands in for
// ticking the box, and each reset gives a fresh payload.
vi.mock('@/components/AltchaField', () => ({
  default: ({ onChange, resetKey, error }: { onChange: (p: string | null) => void; resetKey: number; error?: string }) => (
    <div>
      <button type="button" onClick={() => onChange(`payload-${resetKey}`)}>
        Solve the captcha
      </button>
      {error && <p>{error}</p>}
    </div>
  ),
}));

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <WaitlistDialog opened onClose={() => undefined} date="2026-12-05" time="18:00:00" productId={7} drivers={3} companyToken="test-token" />
    </AppProviders>,
  );
}

function recordJoins(answers: (() => Response)[]) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/waitlist', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return (answers[bodies.length - 1] ?? answers[answers.length - 1])();
    }),
  );
  return bodies;
}

describe('the waiting-list form', { timeout: 30_000 }, () => {
  it('sends the session, the prefilled party and the contact with the captcha, then shows the position', async () => {
    const bodies = recordJoins([
      () => HttpResponse.json({ code: 'conflict', message: 'Already.', fields: { email: 'already waiting' } }, { status: 409 }),
      () =>
        HttpResponse.json(
          { state: 'waiting', position: 4, numDrivers: 3, date: '2026-12-05 18:00', leaveToken: 'a'.repeat(64), offerExpiresAt: null },
          { status: 201 },
        ),
    ]);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Join the waiting list' });
    expect(within(dialog).getByRole('textbox', { name: /Drivers/ })).toHaveValue('3');

    // Nothing is sent while a required field is empty or the captcha unsolved.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));
    expect(await within(dialog).findByText('Confirm that you are not a robot.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Ana Gómez');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'ana@example.com');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Phone/ }), '+34600111222');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Solve the captcha' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));
    // The server knows the address on this session: said at the field, and a fresh captcha is needed.
    expect(await within(dialog).findByText('This e-mail is already on the waiting list for this session.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      date: '2026-12-05 18:00:00', idType: 7, numDrivers: 3, name: 'Ana Gómez', email: 'ana@example.com',
      phone: '+34600111222', culture: 'en', captcha: 'payload-0',
    });

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /E-mail/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'ana.g@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Solve the captcha' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));
    expect(await within(dialog).findByRole('status', {}, { timeout: 15_000 })).toHaveTextContent('You are number 4 on the waiting list.');
    expect(bodies[1]).toMatchObject({ email: 'ana.g@example.com', captcha: 'payload-1' });
  });

  it('tells a party that fits to book instead', async () => {
    recordJoins([() => HttpResponse.json({ code: 'conflict', message: 'The session still has 3 places.' }, { status: 409 })]);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Join the waiting list' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Ana');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'ana@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Solve the captcha' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This session has places for your party right now');
  });
});
