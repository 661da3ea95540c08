import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
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
// importing them all here keeps that first fetch from eating into a test's waiting time. Most test files
// share their worker (vite.config.ts: isolate false), so only a worker's first file pays for the import:
// the modules stay loaded for the files after it.
beforeAll(() => loadAllLanguages(), 60_000);

afterEach(async () => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
  // Here rather than in a helper module (src/admin/test/render.tsx had it): a hook in a module registers
  // only in the first file that imports it when files share a worker, and a stored sign-in or bookings
  // filter left by an earlier file changes what the next one renders.
  localStorage.clear();
  await i18n.changeLanguage('en');
});

// What a test file may leave behind in a worker it shares with later files (vite.config.ts: isolate
// false), put back as a fresh jsdom has it: each file starts as if it ran alone.
afterAll(() => {
  notifications.clean(); // toasts live in a module-level store; the back office shows one at a time
  vi.restoreAllMocks(); // spies on shared objects (window.open, console, prototypes)
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.replaceChildren(); // nodes libraries append themselves (recharts' measuring span, Mantine's portal node)
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name); // lang, dir, Mantine's color scheme
  }
  // jsdom keeps the style sheet of a <style> removed along with its parent (Mantine's, in every rendered
  // tree), so its rules would still apply in later files; putting the element back and removing it on
  // its own drops the sheet.
  for (const sheet of [...document.styleSheets]) {
    const owner = sheet.ownerNode;
    if (owner instanceof HTMLStyleElement && !document.contains(owner)) {
      document.body.append(owner);
      owner.remove();
    }
  }
  document.title = '';
  window.history.replaceState(null, '', '/');
});

afterAll(() => server.close());
