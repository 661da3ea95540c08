import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

// Pages come in lazy chunks and wait for requests: allow for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

describe('unsubscribe page', { timeout: 20_000 }, () => {
  it('shows a loading screen, then that the member has unsubscribed', async () => {
    const keys: string[] = [];
    server.use(
      http.get('/api/member/unsubscribe/:key', ({ params }) => {
        keys.push(String(params.key));
        return HttpResponse.json({ unsubscribed: true });
      }),
    );
    renderRoute('/member/unsubscribe/m3mb3r-k3y');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1, name: 'You have unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText('You will no longer receive news and offers by e-mail.')).toBeInTheDocument();
    expect(keys).toEqual(['m3mb3r-k3y']);
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

  it('shows the error page on a failure, and unsubscribes on retry', async () => {
    let calls = 0;
    server.use(
      http.get('/api/member/unsubscribe/:key', () =>
        ++calls === 1
          ? HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 })
          : HttpResponse.json({ unsubscribed: true }),
      ),
    );
    renderRoute('/member/unsubscribe/m3mb3r-k3y');
    await screen.findByRole('heading', { level: 1, name: 'Oops, something went wrong' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You have unsubscribed' })).toBeInTheDocument();
  });
});
