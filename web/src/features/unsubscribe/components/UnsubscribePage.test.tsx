import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

// Pages come in lazy chunks and wait for requests: allow for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const member = { email: 'l•••a@example.com', company: 'Circuito Norte', logo: '', defaultCulture: 'es-ES', subscribed: true };

describe('unsubscribe page', { timeout: 20_000 }, () => {
  it('shows whose link it is without unsubscribing, and unsubscribes with the button', async () => {
    const calls: string[] = [];
    let subscribed = true;
    server.use(
      http.get('/api/member/unsubscribe/:key', ({ params }) => {
        calls.push(`GET ${String(params.key)}`);
        return HttpResponse.json({ ...member, subscribed });
      }),
      http.post('/api/member/unsubscribe/:key', ({ params }) => {
        calls.push(`POST ${String(params.key)}`);
        subscribed = false;
        return HttpResponse.json({ ...member, subscribed });
      }),
    );
    renderRoute('/member/unsubscribe/m3mb3r-k3y');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from news and offers' })).toBeInTheDocument();
    expect(screen.getByText(/This address receives news and offers from .Circuito Norte. by e-mail:/)).toBeInTheDocument();
    expect(screen.getByTestId('member-email')).toHaveTextContent('l•••a@example.com');
    expect(screen.getByTestId('branded-header')).toHaveTextContent('Circuito Norte');
    expect(calls).toEqual(['GET m3mb3r-k3y']);

    await userEvent.click(screen.getByRole('button', { name: 'Stop promotional e-mails' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You have unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText(/no longer receive news and offers from .Circuito Norte./)).toBeInTheDocument();
    expect(screen.getByText('You will still receive the e-mails about your own bookings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop promotional e-mails' })).not.toBeInTheDocument();
    expect(calls).toEqual(['GET m3mb3r-k3y', 'POST m3mb3r-k3y']);
  });

  it('tells a member who already unsubscribed so, without a button', async () => {
    server.use(http.get('/api/member/unsubscribe/:key', () => HttpResponse.json({ ...member, subscribed: false })));
    renderRoute('/member/unsubscribe/m3mb3r-k3y');
    expect(await screen.findByRole('heading', { level: 1, name: 'You have unsubscribed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop promotional e-mails' })).not.toBeInTheDocument();
  });

  it('keeps the button when the unsubscribe fails, and succeeds on a second press', async () => {
    let posts = 0;
    server.use(
      http.get('/api/member/unsubscribe/:key', () => HttpResponse.json(member)),
      http.post('/api/member/unsubscribe/:key', () =>
        ++posts === 1
          ? HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 })
          : HttpResponse.json({ ...member, subscribed: false }),
      ),
    );
    renderRoute('/member/unsubscribe/m3mb3r-k3y');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop promotional e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not unsubscribe you just now. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Stop promotional e-mails' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You have unsubscribed' })).toBeInTheDocument();
  });

  it('shows the error page for an unknown link, without a retry', async () => {
    server.use(
      http.get('/api/member/unsubscribe/:key', () =>
        HttpResponse.json({ code: 'not_found', message: 'No member has this link.' }, { status: 404 }),
      ),
    );
    renderRoute('/member/unsubscribe/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'This unsubscribe link is not valid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows the error page on a failure, and reads the link again on retry', async () => {
    let calls = 0;
    server.use(
      http.get('/api/member/unsubscribe/:key', () =>
        ++calls === 1 ? HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 }) : HttpResponse.json(member),
      ),
    );
    renderRoute('/member/unsubscribe/m3mb3r-k3y');
    await screen.findByRole('heading', { level: 1, name: 'Oops, something went wrong' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from news and offers' })).toBeInTheDocument();
  });
});
