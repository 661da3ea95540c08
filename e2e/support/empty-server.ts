import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pitlaneBinary, startServerProcess } from './server-process.ts';

const READY = /^Pitlane is ready at (https?:\/\/\S+?)\/?\s*$/m;

/** A `pitlane serve` without --demo on its own empty SQLite database: nothing but what a test creates. */
export interface EmptyServer {
  baseURL: string;
  /** The environment its subcommands need (the same database). */
  env: Record<string, string>;
  /** Runs `pitlane ARGS…` on the server's database, as an operator on the server's machine does. */
  cli: (...args: string[]) => Promise<string>;
  /** Stops the server (SIGTERM, then SIGKILL after five seconds) and removes its temporary directory. */
  stop: () => Promise<void>;
}

/** Starts `pitlane serve` on a free loopback port and a fresh SQLite file, and waits for its ready line. */
export async function startEmptyServer(timeoutMs = 300_000): Promise<EmptyServer> {
  let out = '';
  let baseURL = '';
  const server = await startServerProcess(
    ['serve'],
    'pitlane-e2e-empty-',
    (dir) => ({ PITLANE_DATABASE_URL: `sqlite:${join(dir, 'empty.db')}` }),
    (chunk, done) => {
      out += chunk;
      const m = READY.exec(out);
      if (m && !baseURL) {
        baseURL = m[1];
        done();
      }
    },
    timeoutMs,
  );
  const env: Record<string, string> = {
    PITLANE_DATABASE_URL: `sqlite:${join(server.dir, 'empty.db')}`,
    PITLANE_BASE_URL: baseURL,
  };
  const cli = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(pitlaneBinary(), args, { env: { ...process.env, ...env }, timeout: 300_000 });
    return stdout;
  };
  return { baseURL, env, cli, stop: server.stop };
}
