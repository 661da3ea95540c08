import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n, loadAllLanguages } from '@/lib/i18n';
import { server } from '@/test/server';

// findBy*/waitFor follow what the page shows; their ceiling is generous so that a busy CI machine (one
// loaded run failed a findByRole at the default 1 s) does not fail a test whose page is only slow.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs that Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverShim {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverShim;
window.HTMLElement.prototype.scrollIntoView = () => {};

// The app calls the API by relative URL (same origin); Node's fetch needs an absolute one.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
} as typeof Request;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

// The app fetches the texts of languages other than English (and of pages other than booking) on demand;
// importing them all once here keeps that first fetch from eating into a test's waiting time.
beforeAll(() => loadAllLanguages(), 60_000);

afterEach(async () => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});

afterAll(() => server.close());
