import { screen } from '@testing-library/react';
import { routes } from '@/app/routes';
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

  it('has no staff pages: /admin/… is not a customer page (the server sends admin.html for it)', async () => {
    renderRoute('/admin/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('has no route named login or admin', () => {
    const paths = JSON.stringify(routes, (key, value: unknown) => (key === 'element' ? undefined : value));
    expect(paths).not.toMatch(/"path":"(login|admin)/);
  });
});
