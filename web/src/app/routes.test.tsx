import { screen } from '@testing-library/react';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

describe('routes', () => {
  const requests: string[] = [];
  const record = ({ request }: { request: Request }) => void requests.push(request.url);
  beforeEach(() => {
    requests.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => server.events.removeListener('request:start', record));

  it.each(['/some/unknown/path', '/'])("shows 'Page not found' at %s without asking the server", async (path) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('loads the staff sign-in page as its own chunk', async () => {
    renderRoute('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('loads the back office as its own chunk', async () => {
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Back office' })).toBeInTheDocument();
  });
});
