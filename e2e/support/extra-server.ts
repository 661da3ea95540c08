import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServerProcess } from './server-process.ts';
import { StartupOutput } from './startup-output.ts';
import type { ServerState } from './state.ts';

/**
 * Environment variable naming the copy of the freshly seeded demo database that global-setup.ts takes
 * (`pitlane backup`) before any test runs.
 */
export const PRISTINE_ENV = 'PITLANE_E2E_PRISTINE';

/** Another `pitlane serve --demo`, for a spec that changes what the shared server's specs read. */
export interface ExtraServer {
  state: ServerState;
  /** Its SQLite file (for the specs that read or write the database with the sqlite3 shell). */
  database: string;
  /** Stops the server (SIGTERM, then SIGKILL after five seconds) and removes its temporary directory. */
  stop: () => Promise<void>;
}

/**
 * Starts another demo server like global-setup.ts does (the same binary, a free loopback port, a
 * throwaway SQLite file, 127.0.0.1 trusted as a proxy for support/client-address.ts) with extra
 * environment variables, e.g. `{ PITLANE_HOLD_TTL: '5s' }`, and waits for its start-up output.
 *
 * Its database is a copy of the pristine one (PITLANE_E2E_PRISTINE): the demo as global setup seeded it,
 * before any test ran, so the server starts in a second or two instead of seeding a year again. The demo
 * companies' keys are the shared server's; the admins' passwords are new (`serve --demo` prints them again).
 * Without the copy (a spec run outside `npx playwright test`), the server seeds the demo itself.
 */
export async function startExtraServer(env: Record<string, string> = {}, timeoutMs = 300_000): Promise<ExtraServer> {
  const output = new StartupOutput();
  const pristine = process.env[PRISTINE_ENV];
  const server = await startServerProcess(
    ['serve', '--demo'],
    'pitlane-e2e-extra-',
    (dir) => ({
      PITLANE_DATABASE_URL: `sqlite:${join(dir, 'extra.db')}`,
      PITLANE_TRUSTED_PROXIES: '127.0.0.1/32',
      ...env,
    }),
    (chunk, done) => {
      if (output.push(chunk)) done();
    },
    timeoutMs,
    (dir) => {
      if (pristine && existsSync(pristine)) copyFileSync(pristine, join(dir, 'extra.db'));
    },
  );
  return { state: output.result(), database: join(server.dir, 'extra.db'), stop: server.stop };
}
