import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StartupOutput } from './startup-output.ts';
import type { ServerState } from './state.ts';

const here = dirname(fileURLToPath(import.meta.url));

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
  const bin = resolve(here, '..', process.env.PITLANE_BIN ?? '../bin/pitlane');
  const dir = mkdtempSync(join(tmpdir(), 'pitlane-e2e-extra-'));
  const child: ChildProcess = spawn(bin, ['serve', '--demo'], {
    env: {
      ...process.env,
      PITLANE_ADDR: '127.0.0.1:0',
      PITLANE_DATABASE_URL: `sqlite:${join(dir, 'extra.db')}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = new StartupOutput();
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => void (log += chunk.toString('utf8')));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`no ready line within ${timeoutMs} ms`)), timeoutMs);
      let grace: NodeJS.Timeout | undefined;
      child.stdout?.on('data', (chunk: Buffer) => {
        log += chunk.toString('utf8');
        // The account lines follow the admin login line at once; give them a moment.
        if (output.push(chunk.toString('utf8')) && !grace) {
          grace = setTimeout(() => {
            clearTimeout(timer);
            ready();
          }, 300);
        }
      });
      child.once('error', (err) => fail(err));
      child.once('exit', (code) => fail(new Error(`the extra server exited early (code ${code})\n${log}`)));
    });
  } catch (err) {
    await stop();
    throw err;
  }
  child.removeAllListeners('exit');
  return { state: output.result(), stop };
}
