import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
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

function binary(): string {
  return resolve(here, '..', process.env.PITLANE_BIN ?? '../bin/pitlane');
}

/** Starts `pitlane serve` on a free loopback port and a fresh SQLite file, and waits for its ready line. */
export async function startEmptyServer(timeoutMs = 60_000): Promise<EmptyServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pitlane-e2e-empty-'));
  const env: Record<string, string> = { PITLANE_DATABASE_URL: `sqlite:${join(dir, 'empty.db')}` };
  const child: ChildProcess = spawn(binary(), ['serve'], {
    env: { ...process.env, ...env, PITLANE_ADDR: '127.0.0.1:0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  let baseURL: string;
  try {
    baseURL = await new Promise<string>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`no ready line within ${timeoutMs} ms\n${log}`)), timeoutMs);
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const m = READY.exec(out);
        if (m) {
          clearTimeout(timer);
          ready(m[1]);
        }
      });
      child.once('error', (err) => fail(err));
      child.once('exit', (code) => fail(new Error(`the server exited early (code ${code})\n${log}`)));
    });
  } catch (err) {
    await stop();
    throw err;
  }
  child.removeAllListeners('exit');
  // Keep draining stdout so the server never blocks on a full pipe.
  child.stdout?.resume();
  env.PITLANE_BASE_URL = baseURL;
  const cli = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(binary(), args, { env: { ...process.env, ...env }, timeout: 60_000 });
    return stdout;
  };
  return { baseURL, env, cli, stop };
}
