import { execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PRISTINE_ENV } from './support/extra-server.ts';
import { StartupOutput } from './support/startup-output.ts';
import { checkDemoCompanies, STATE_FILE_ENV } from './support/state.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** A ceiling, not a wait: the server is watched for its ready line and demo URLs, however long a busy machine takes to seed the demo year. */
const READY_TIMEOUT_MS = Number(process.env.PITLANE_E2E_READY_TIMEOUT_MS ?? 600_000);

/**
 * Starts the real binary (`PITLANE_BIN`, default ../bin/pitlane) with `serve --demo` on a free loopback port
 * and a throwaway SQLite database, waits for its start-up output and publishes what it printed: the base URL
 * in PITLANE_E2E_BASE_URL and everything (booking pages, admin accounts) in the JSON file PITLANE_E2E_STATE.
 * The server's whole output goes to server.log in the temporary directory (copied to test-results/ at the end).
 *
 * Before any test runs, `pitlane backup` copies the freshly seeded database to pristine.db (PITLANE_E2E_PRISTINE):
 * the specs that need a server of their own (support/own-server.ts, support/extra-server.ts) start on a copy of
 * it, so the demo's year of history is seeded once per run, not once per server.
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
    const timer = setTimeout(() => reject(new Error(`no complete start-up output (ready line, demo URLs and accounts) within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      resolveReady();
    };
    child.stdout.on('data', (chunk: Buffer) => {
      log.write(chunk);
      if (output.push(chunk.toString('utf8'))) finish();
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
  // A consistent copy taken while the server serves, before any test has changed anything.
  const pristine = join(dir, 'pristine.db');
  try {
    await promisify(execFile)(bin, ['backup', '--to', pristine], {
      env: { ...process.env, PITLANE_DATABASE_URL: `sqlite:${join(dir, 'e2e.db')}` },
      timeout: READY_TIMEOUT_MS,
    });
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`could not copy the seeded database with \`pitlane backup\`: ${(err as Error).message}`);
  }
  process.env[PRISTINE_ENV] = pristine;

  const statePath = join(dir, 'state.json');
  writeFileSync(statePath, JSON.stringify(state, null, 2));
  process.env[STATE_FILE_ENV] = statePath;
  process.env.PITLANE_E2E_BASE_URL = state.baseURL;
  process.env.PITLANE_E2E_PID = String(child.pid);
  console.log(`e2e: pitlane ready at ${state.baseURL} with ${state.companies.length} demo companies`);
}
