// Contract drift check: regenerates the API types from docs/openapi.yaml into a temporary file and fails
// when they differ from the committed src/lib/api/schema.d.ts. Fix a failure with `npm run gen:api`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const committed = join(web, 'src/lib/api/schema.d.ts');
const dir = mkdtempSync(join(tmpdir(), 'pitlane-api-'));
const fresh = join(dir, 'schema.d.ts');

try {
  const bin = join(web, 'node_modules/.bin/openapi-typescript');
  const run = spawnSync(bin, ['../docs/openapi.yaml', '-o', fresh], { cwd: web, encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    console.error('check:api: openapi-typescript failed on docs/openapi.yaml');
    process.exit(1);
  }
  const want = readFileSync(fresh, 'utf8');
  let have = '';
  try {
    have = readFileSync(committed, 'utf8');
  } catch {
    console.error('check:api: src/lib/api/schema.d.ts is missing; run `npm run gen:api`');
    process.exit(1);
  }
  if (want !== have) {
    const a = have.split('\n');
    const b = want.split('\n');
    const diff = a.findIndex((text, i) => text !== b[i]);
    const line = diff === -1 ? Math.min(a.length, b.length) : diff;
    console.error(
      `check:api: src/lib/api/schema.d.ts is out of date with docs/openapi.yaml (first difference at line ${line + 1}).`,
    );
    console.error('Run `npm run gen:api` and commit the result.');
    process.exit(1);
  }
  console.log('check:api: schema.d.ts matches docs/openapi.yaml');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
