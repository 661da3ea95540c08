import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { companyConfig } from '@/test/fixtures';

/** The company key the default handlers know. */
export const KNOWN_KEY = 'norte';

/** The API double for component tests: `norte` is a company, any other key answers 404 like the server. */
export const server = setupServer(
  http.get('/api/config/:key', ({ params }) =>
    params.key === KNOWN_KEY
      ? HttpResponse.json(companyConfig())
      : HttpResponse.json({ code: 'not_found', message: 'Company not found.' }, { status: 404 }),
  ),
);
