import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The binary under test (`PITLANE_BIN`, default ../bin/pitlane), as global-setup.ts finds it. */
export function pitlaneBinary(): string {
  return resolve(here, '..', process.env.PITLANE_BIN ?? '../bin/pitlane');
}

/** A `pitlane` process a test started, with its own throwaway directory. */
export interface ServerProcess {
  child: ChildProcess;
  /** The temporary directory (the test's SQLite file lives there); removed by stop. */
  dir: string;
  /** Stops the process (SIGTERM, then SIGKILL after five seconds) and removes its directory. */
  stop: () => Promise<void>;
}

/**
 * Starts `pitlane ARGS…` on a free loopback port with a new temporary directory (`prefix`…), the
 * environment `env(dir)` gives on top of the test's own, and waits until `watch`, called with each piece
 * of the process's standard output, calls `done`. `prepare(dir)`, when given, runs before the process
 * starts (e.g. to put a database file in place). A process that exits, fails to start or is not ready
 * within `timeoutMs` is stopped, and the error carries its log.
 */
export async function startServerProcess(
  args: string[],
  prefix: string,
  env: (dir: string) => Record<string, string>,
  watch: (stdout: string, done: () => void) => void,
  timeoutMs: number,
  prepare?: (dir: string) => void,
): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    prepare?.(dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const child: ChildProcess = spawn(pitlaneBinary(), args, {
    env: { ...process.env, PITLANE_ADDR: '127.0.0.1:0', ...env(dir) },
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
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`no ready line within ${timeoutMs} ms\n${log}`)), timeoutMs);
      // The listener stays: it keeps draining stdout so the server never blocks on a full pipe.
      child.stdout?.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        log += text;
        watch(text, () => {
          clearTimeout(timer);
          ready();
        });
      });
      child.once('error', (err) => fail(err));
      child.once('exit', (code) => fail(new Error(`pitlane ${args.join(' ')} exited early (code ${code})\n${log}`)));
    });
  } catch (err) {
    await stop();
    throw err;
  }
  child.removeAllListeners('exit');
  return { child, dir, stop };
}
