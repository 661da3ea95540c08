import { notifications } from '@mantine/notifications';
import { configure, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';
import { toast } from '@/lib/toast';

// Pages and the toasts' library come in lazy chunks: allow for a busy machine.
configure({ asyncUtilTimeout: 10_000 });

describe('toasts', { timeout: 30_000 }, () => {
  afterEach(() => notifications.clean()); // toasts live in a store shared by every render

  it.each(['/cancelBooking/some-token', '/member/unsubscribe/some-key', '/terms', '/event/some-event/register'])(
    'show on %s, not only on the booking page',
    async (path) => {
      // Whatever the page asks finds nothing: the page's own answer does not matter here.
      server.use(http.all('/api/*', () => HttpResponse.json({ code: 'not_found', message: 'No.' }, { status: 404 })));
      renderRoute(path);
      await act(async () => toast('Something to tell you'));
      expect(await screen.findByText('Something to tell you')).toBeInTheDocument();
    },
  );

  it('show once on the booking page: one place mounts them', async () => {
    renderRoute(`/${KNOWN_KEY}`);
    await screen.findByRole('img', { name: 'Circuito Norte' });
    await act(async () => toast('Only once'));
    expect(await screen.findByText('Only once')).toBeInTheDocument();
    expect(screen.getAllByText('Only once')).toHaveLength(1);
  });

  it('can be closed by a button that says what it does', async () => {
    renderRoute(`/${KNOWN_KEY}`);
    await screen.findByRole('img', { name: 'Circuito Norte' });
    await act(async () => toast('Closable'));
    await screen.findByText('Closable');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
