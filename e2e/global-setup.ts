import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StartupOutput } from './support/startup-output.ts';
import { checkDemoCompanies, STATE_FILE_ENV } from './support/state.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** How long the server may take to print its ready line and demo URLs. */
const READY_TIMEOUT_MS = Number(process.env.PITLANE_E2E_READY_TIMEOUT_MS ?? 60_000);

// After the admin login line the account lines follow at once; wait this long for them at most.
const CREDENTIALS_GRACE_MS = 300;

/**
 * Starts the real binary (`PITLANE_BIN`, default ../bin/pitlane) with `serve --demo` on a free loopback port
 * and a throwaway SQLite database, waits for its start-up output and publishes what it printed: the base URL
 * in PITLANE_E2E_BASE_URL and everything (booking pages, admin accounts) in the JSON file PITLANE_E2E_STATE.
 * The server's whole output goes to server.log in the temporary directory (copied to test-results/ at the end).
 */
export default async function globalSetup(): Promise<void> {
  const bin = resolve(here, process.env.PITLANE_BIN ?? '../bin/pitlane');
  if (!existsSync(bin)) throw new Error(`pitlane binary not found at ${bin}: run \`make build\` or set PITLANE_BIN`);

  const dir = mkdtempSync(join(tmpdir(), 'pitlane-e2e-'));
  const logPath = join(dir, 'server.log');
  const log = createWriteStream(logPath);
  const child = spawn(bin, ['serve', '--demo'], {
    env: {
      ...process.env,
      PITLANE_ADDR: '127.0.0.1:0',
      PITLANE_DATABASE_URL: `sqlite:${join(dir, 'e2e.db')}`,
      // The tests are the "proxy": a spec may name its own client in X-Forwarded-For (support/client-address.ts)
      // so its calls to the strictly limited routes do not share one budget with the whole run.
      PITLANE_TRUSTED_PROXIES: '127.0.0.1/32',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.env.PITLANE_E2E_TMP = dir;
  process.env.PITLANE_E2E_LOG = logPath;

  // Both streams are drained for the server's whole life, so it never blocks on a full pipe.
  const output = new StartupOutput();
  child.stderr.on('data', (chunk: Buffer) => log.write(chunk));
  const ready = new Promise<void>((resolveReady, reject) => {
    let grace: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => reject(new Error(`no ready line within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      resolveReady();
    };
    child.stdout.on('data', (chunk: Buffer) => {
      log.write(chunk);
      if (output.push(chunk.toString('utf8')) && !grace) grace = setTimeout(finish, CREDENTIALS_GRACE_MS);
    });
    child.once('error', (err) => reject(new Error(`could not start ${bin}: ${err.message}`)));
    child.once('exit', (code, signal) => reject(new Error(`the server exited early (code ${code}, signal ${signal})`)));
  });

  try {
    await ready;
  } catch (err) {
    child.kill('SIGKILL');
    await new Promise<void>((done) => log.end(done));
    const printed = readFileSync(logPath, 'utf8');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}\n--- server output (${bin}) ---\n${printed || '(nothing)'}\n---`);
  }
  child.removeAllListeners('exit');

  const state = output.result();
  try {
    checkDemoCompanies(state);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const statePath = join(dir, 'state.json');
  writeFileSync(statePath, JSON.stringify(state, null, 2));
  process.env[STATE_FILE_ENV] = statePath;
  process.env.PITLANE_E2E_BASE_URL = state.baseURL;
  process.env.PITLANE_E2E_PID = String(child.pid);
  console.log(`e2e: pitlane ready at ${state.baseURL} with ${state.companies.length} demo companies`);
}
