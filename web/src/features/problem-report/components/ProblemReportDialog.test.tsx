import { notifications, Notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AppProviders } from '@/app/providers';
import { ProblemReportButton } from '@/features/problem-report/components/ProblemReportButton';
import { server } from '@/test/server';

// Pages come in lazy chunks and wait for requests: allow for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// The real widget solves a proof of work in a Web Worker, which jsdom lacks (the browser tests use it):
// here a button stands in for ticking the box, and each reset gives a fresh payload.
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

function renderButton() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <Notifications />
      <ProblemReportButton companyId={11} />
    </AppProviders>,
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
  return screen.findByRole('dialog', { name: 'Report a problem' });
}

function recordReports(answer: () => Response = () => HttpResponse.json({ received: true }, { status: 201 })) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/emails/sendProblemReport', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

// Typing into a modal re-renders it on every key: these journeys take a few seconds in jsdom.
describe('problem report dialog', { timeout: 20_000 }, () => {
  afterEach(() => notifications.clean()); // toasts live in a store shared by every render

  it('counts the characters and allows sending only with a subject and 1 to 500 characters', async () => {
    renderButton();
    const dialog = await openDialog();
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Subject/ }), 'Payment page');
    const text = within(dialog).getByRole('textbox', { name: /What happened/ });
    await userEvent.type(text, 'It froze');
    expect(within(dialog).getByTestId('text-counter')).toHaveTextContent('8/500 characters');
    expect(send).toBeEnabled();
    await userEvent.click(text);
    await userEvent.paste('x'.repeat(493));
    expect(within(dialog).getByTestId('text-counter')).toHaveTextContent('501/500 characters');
    expect(send).toBeDisabled();
    await userEvent.type(text, '{Backspace}');
    expect(send).toBeEnabled();
  });

  it('enables the reply address with the checkbox, warns when invalid and marks it when valid', async () => {
    renderButton();
    const dialog = await openDialog();
    const email = within(dialog).getByRole('textbox', { name: 'Your e-mail' });
    expect(email).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I would like an answer by e-mail' }));
    expect(email).toBeEnabled();
    await userEvent.type(email, 'ana@example');
    expect(within(dialog).getByText('This email is not valid')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'Valid e-mail address' })).not.toBeInTheDocument();
    await userEvent.type(email, '.com');
    expect(within(dialog).queryByText('This email is not valid')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Valid e-mail address' })).toBeInTheDocument();
  });

  it('sends the report with the captcha, then clears the form, closes and thanks', async () => {
    const bodies = recordReports();
    renderButton();
    let dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Subject/ }), 'Payment page');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What happened/ }), 'It froze.');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I would like an answer by e-mail' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your e-mail' }), 'ana@example.com');

    // Without the captcha the report is not sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please confirm that you are not a robot.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Solve the captcha' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you! Your report has been sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        subject: 'Payment page',
        text: 'It froze.',
        replyEmail: 'ana@example.com',
        captcha: 'payload-0',
        idCompany: 11,
        page: '/',
      },
    ]);

    dialog = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: /Subject/ })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: /What happened/ })).toHaveValue('');
    expect(within(dialog).getByRole('checkbox', { name: 'I would like an answer by e-mail' })).not.toBeChecked();
  });

  it('shows a generic error toast on failure, keeps the text and asks for a new captcha', async () => {
    const bodies = recordReports(() =>
      HttpResponse.json(
        { code: 'unprocessable', message: 'The report is not valid.', fields: { captcha: 'already used' } },
        { status: 422 },
      ),
    );
    renderButton();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Subject/ }), 'Slots');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What happened/ }), 'No slots shown.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Solve the captcha' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Sorry, something went wrong. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByText('The security check expired. Please tick the box again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /What happened/ })).toHaveValue('No slots shown.');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('replyEmail');

    // A fresh payload is needed and sent.
    recordReports();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Solve the captcha' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you! Your report has been sent.')).toBeInTheDocument();
  });
});
