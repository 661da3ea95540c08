import { expect, test } from '@playwright/test';

test.describe('API', () => {
  test('an unknown API path answers a JSON 404, not the web app', async ({ request }) => {
    const response = await request.get('/api/nowhere');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('not_found');
    expect(typeof body.message).toBe('string');
  });

  test('an unknown company key answers a JSON 404', async ({ request }) => {
    const response = await request.get('/api/config/nowhere');
    expect(response.status()).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('not_found');
  });
});
