import { readFileSync } from 'node:fs';

/** A demo company's booking page, as the server printed it. */
export interface DemoCompany {
  name: string;
  url: string;
  /** The company's public key: the last path segment of its booking URL. */
  key: string;
}

/** What global setup learned from the server's start-up output, shared with the tests. */
export interface ServerState {
  baseURL: string;
  companies: DemoCompany[];
  adminLoginURL: string;
  admins: { email: string; password: string }[];
}

/**
 * The demo companies `serve --demo` prints, by role: Circuito Norte (Spanish, online payment with the
 * simulated provider), Fjord Karting (Danish, pays at the circuit) and Vättern Karting (Swedish, voucher
 * mode: gift vouchers with no session, paid at the circuit).
 */
export const DEMO = {
  norte: 'Circuito Norte',
  fjord: 'Fjord Karting',
  voucher: 'Vättern Karting',
} as const;

/** Throws unless the server printed a booking page for every demo company of DEMO. */
export function checkDemoCompanies(state: ServerState): void {
  const missing = Object.values(DEMO).filter((name) => !state.companies.some((c) => c.name === name));
  if (missing.length > 0) {
    throw new Error(`the server printed no booking page for ${missing.join(', ')} (printed: ${state.companies.map((c) => c.name).join(', ')})`);
  }
}

/** Environment variable naming the JSON file that holds the ServerState. */
export const STATE_FILE_ENV = 'PITLANE_E2E_STATE';

/** Set while a test runs on a server of its own (support/own-server.ts): the shared server is not its. */
let ownServerTest: string | undefined;

/**
 * Marks the running test as one on a server of its own (`title`), or not (undefined): serverState() then
 * refuses to answer, so that a helper called without the test's server state fails at once instead of
 * quietly using the shared server.
 */
export function markOwnServerTest(title: string | undefined): void {
  ownServerTest = title;
}

/** The shared server's state, written by global setup. */
export function serverState(): ServerState {
  if (ownServerTest) {
    throw new Error(`"${ownServerTest}" runs on a server of its own: pass its state (ownServer.state) instead of the shared server's`);
  }
  const file = process.env[STATE_FILE_ENV];
  if (!file) throw new Error(`${STATE_FILE_ENV} is not set: run the tests with \`npx playwright test\``);
  return JSON.parse(readFileSync(file, 'utf8')) as ServerState;
}

/** The first demo company the server printed. */
export function firstCompany(): DemoCompany {
  const company = serverState().companies[0];
  if (!company) throw new Error('the server printed no demo booking page (was it started with --demo?)');
  return company;
}
