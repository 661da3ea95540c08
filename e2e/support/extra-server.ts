import { join } from 'node:path';
import { startServerProcess } from './server-process.ts';
import { StartupOutput } from './startup-output.ts';
import type { ServerState } from './state.ts';

/** A second `pitlane serve --demo` a test starts for settings the shared server does not have. */
export interface ExtraServer {
  state: ServerState;
  /** Stops the server (SIGTERM, then SIGKILL after five seconds) and removes its temporary directory. */
  stop: () => Promise<void>;
}

/**
 * Starts another demo server like global-setup.ts does (the same binary, a free loopback port, a
 * throwaway SQLite file) with extra environment variables, e.g. `{ PITLANE_HOLD_TTL: '5s' }`, and waits
 * for its start-up output.
 */
export async function startExtraServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ExtraServer> {
  const output = new StartupOutput();
  let grace: NodeJS.Timeout | undefined;
  const server = await startServerProcess(
    ['serve', '--demo'],
    'pitlane-e2e-extra-',
    (dir) => ({ PITLANE_DATABASE_URL: `sqlite:${join(dir, 'extra.db')}`, ...env }),
    (chunk, done) => {
      // The account lines follow the admin login line at once; give them a moment.
      if (output.push(chunk) && !grace) grace = setTimeout(done, 300);
    },
    timeoutMs,
  );
  return { state: output.result(), stop: server.stop };
}
