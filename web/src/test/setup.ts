import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { i18n, loadAllLanguages } from '@/lib/i18n';
import { server } from '@/test/server';

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
