import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor } from '@testing-library/react';
import { HURRY_TOAST_MS } from '@/features/live-viewers/hooks/use-live-viewers';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, realtimeSocket, server } from '@/test/server';

// Pages come in lazy chunks and wait for requests: allow for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

interface Seen {
  messages: Array<{ type: string; data: { user: string; key: string } }>;
  closed: boolean;
  connections: number;
}

/** A realtime server that answers every setUserEvent with `replies` showEvent messages. */
function realtime(replies: number): Seen {
  const seen: Seen = { messages: [], closed: false, connections: 0 };
  server.use(
    realtimeSocket.addEventListener('connection', ({ client }) => {
      seen.connections += 1;
      client.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as Seen['messages'][number];
        seen.messages.push(message);
        for (let i = 0; i < replies; i++) client.send(JSON.stringify({ type: 'showEvent', data: { key: message.data.key } }));
      });
      client.addEventListener('close', () => void (seen.closed = true));
    }),
  );
  return seen;
}

// The booking page is large: under a loaded test run it takes a few seconds to appear.
describe('live viewers on the booking page', { timeout: 15_000 }, () => {
  // Toasts live in a store shared by every render: start each test without any.
  afterEach(() => {
    notifications.clean();
    vi.restoreAllMocks();
  });

  it("registers the visitor under the page's key and shows the hurry toast once, then disconnects", async () => {
    const seen = realtime(2);
    const show = vi.spyOn(notifications, 'show');
    renderRoute(`/${KNOWN_KEY}`);
    expect(await screen.findByText('Hurry up!', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: HURRY_TOAST_MS }));
    expect(HURRY_TOAST_MS).toBe(10_000);
    expect(screen.getAllByText('Someone else is looking at this page right now, and places can go fast.')).toHaveLength(1);
    expect(seen.messages).toHaveLength(1);
    expect(seen.messages[0].type).toBe('setUserEvent');
    expect(seen.messages[0].data.key).toBe(`booking${KNOWN_KEY}`);
    expect(seen.messages[0].data.user).toMatch(/^[0-9a-f]{24}$/);
    await waitFor(() => expect(seen.closed).toBe(true), { timeout: 5_000 });
  });

  it('shows nothing while nobody else views the page', async () => {
    const seen = realtime(0);
    renderRoute(`/${KNOWN_KEY}`);
    await waitFor(() => expect(seen.messages).toHaveLength(1), { timeout: 5_000 });
    expect(screen.queryByText('Hurry up!')).not.toBeInTheDocument();
    expect(seen.closed).toBe(false);
  });

  it('does not connect for an unknown company', async () => {
    const seen = realtime(1);
    renderRoute('/nowhere');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5_000 });
    expect(seen.connections).toBe(0);
  });
});
