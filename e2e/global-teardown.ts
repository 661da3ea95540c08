import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

/**
 * Stops the server global setup started (SIGTERM, then SIGKILL if it has not exited after ten seconds),
 * keeps its output as test-results/server.log and removes the temporary directory and database.
 */
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.PITLANE_E2E_PID);
  if (pid > 0 && alive(pid)) {
    process.kill(pid, 'SIGTERM');
    if (!(await waitForExit(pid, 10_000))) {
      console.warn('e2e: the server ignored SIGTERM for 10 s; killing it');
      process.kill(pid, 'SIGKILL');
    }
  }
  const dir = process.env.PITLANE_E2E_TMP;
  const logFile = process.env.PITLANE_E2E_LOG;
  if (logFile && existsSync(logFile)) {
    const results = join(here, 'test-results');
    mkdirSync(results, { recursive: true });
    copyFileSync(logFile, join(results, 'server.log'));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}
