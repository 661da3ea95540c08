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

/** Environment variable naming the JSON file that holds the ServerState. */
export const STATE_FILE_ENV = 'PITLANE_E2E_STATE';

/** The running server's state, written by global setup. */
export function serverState(): ServerState {
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
