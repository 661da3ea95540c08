// Checks the build (dist/) for the split between the customer app and the back office (issue 13):
//   - admin.html is an entry of the build (the server sends it for /login and /admin);
//   - no chunk the customer entry (index.html) can load, statically or lazily, holds a module of src/admin;
//   - the service worker precaches nothing of the back office;
//   - the customer's first load (index.html's static imports) is still the entry chunk, app-shell, the
//     vendor chunks and the runtime: a module shared with the back office and split out of the entry chunk
//     would add a request before the booking page's first render (vite.config.ts: APP_SHELL and vendor-mantine-core).
// Reads dist/.vite/manifest.json (the chunk graph) and dist/.vite/admin-chunks.json (the chunks holding
// src/admin modules, written by vite.config.ts). Run after `npm run build`; exits 1 on a violation.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist');
const problems = [];

const read = (file) => {
  const path = join(dist, file);
  if (!existsSync(path)) {
    console.error(`check-admin-chunks: ${path} is missing; run npm run build first`);
    process.exit(1);
  }
  return readFileSync(path, 'utf8');
};
const manifest = JSON.parse(read('.vite/manifest.json'));
const adminChunks = JSON.parse(read('.vite/admin-chunks.json'));

if (!manifest['index.html']?.isEntry) problems.push('index.html is not an entry of the build');
if (!manifest['admin.html']?.isEntry) problems.push('admin.html is not an entry of the build');
if (!existsSync(join(dist, 'admin.html'))) problems.push('dist/admin.html was not written');
if (Object.keys(adminChunks).length === 0) problems.push('no chunk holds a module of src/admin: admin-chunks.json is wrong');

// Every chunk reachable from the customer entry: its static and dynamic imports, recursively.
const reachable = new Map(); // file -> the import path that reached it
const visit = (key, via) => {
  const chunk = manifest[key];
  if (!chunk || reachable.has(chunk.file)) return;
  const path = [...via, key];
  reachable.set(chunk.file, path);
  if (chunk.src?.startsWith('src/admin/')) problems.push(`${chunk.file} (${chunk.src}) is loaded by ${path.join(' → ')}`);
  for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next, path);
};
visit('index.html', []);

for (const [file, path] of reachable) {
  const modules = adminChunks[file];
  if (modules) problems.push(`${file}, loaded by ${path.join(' → ')}, holds ${modules.slice(0, 3).join(', ')}${modules.length > 3 ? '…' : ''}`);
}

// The customer's first load: the static imports of index.html, by chunk name.
const FIRST_LOAD = /^assets\/(index|app-shell|vendor-[a-z-]+|rolldown-runtime)-[\w-]{8}\.js$/;
const firstLoad = new Set();
const visitStatic = (key) => {
  const chunk = manifest[key];
  if (!chunk || firstLoad.has(chunk.file)) return;
  firstLoad.add(chunk.file);
  (chunk.imports ?? []).forEach(visitStatic);
};
visitStatic('index.html');
for (const file of firstLoad) {
  if (!FIRST_LOAD.test(file)) problems.push(`${file} is a new chunk of the customer's first load (add its modules to app-shell)`);
}

// The service worker's precache list names files of the customer app only.
const sw = existsSync(join(dist, 'sw.js')) ? readFileSync(join(dist, 'sw.js'), 'utf8') : '';
if (!sw) problems.push('dist/sw.js is missing');
for (const m of sw.matchAll(/url:"([^"]+)"/g)) {
  if (m[1] === 'admin.html' || adminChunks[m[1]]) problems.push(`the service worker precaches ${m[1]}`);
}

if (problems.length > 0) {
  console.error('check-admin-chunks: the customer app reaches back-office code:');
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(
  `check-admin-chunks: ${reachable.size} chunks reachable from index.html, none with src/admin modules; ` +
    `${Object.keys(adminChunks).length} back-office chunks; admin.html is an entry`,
);
