// Checks src/app/mantine-styles.ts, the list of Mantine component style sheets the app loads instead of
// the whole of @mantine/core/styles.css: every component the app uses (imported from '@mantine/core'
// anywhere in src, and every component those use in turn) must have its sheet in the list, the list must
// follow the order of styles.css (later sheets override earlier ones), and name no sheet twice.
// `--write` rewrites the list from what the app uses. Exits 1 when the list is wrong.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const core = join(web, 'node_modules/@mantine/core');
const listFile = join(web, 'src/app/mantine-styles.ts');
const BASE = ['baseline', 'default-css-variables', 'global'];

/** Every file under dir whose name passes keep, recursively. */
function* filesUnder(dir, keep) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path, keep);
    else if (keep(entry.name)) yield path;
  }
}

/** Adds to names the values (not types) a source imports by name from '@mantine/core'. */
function addCoreImports(source, names) {
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)) {
    for (const part of m[1].split(',')) {
      const name = part.split(/\s+as\s+/)[0].trim();
      if (name && !name.startsWith('type ')) names.add(name);
    }
  }
}

/** The names the app imports from '@mantine/core' (components, hooks and helpers alike). */
function importedNames() {
  const names = new Set();
  const usedPackages = new Set();
  // The back office (src/admin) loads Mantine's whole style sheet itself (src/admin/app/providers.tsx).
  const backOffice = join(web, 'src', 'admin');
  for (const path of filesUnder(join(web, 'src'), (n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n))) {
    if (path.startsWith(backOffice + sep)) continue;
    const source = readFileSync(path, 'utf8');
    for (const m of source.matchAll(/from\s*'@mantine\/(dates|notifications)'/g)) usedPackages.add(m[1]);
    addCoreImports(source, names);
  }
  // Mantine's other packages the app uses draw with core components (toasts with Notification, the date
  // picker with Popover, inputs and buttons): every core name they import counts as used.
  for (const pkg of usedPackages) {
    for (const path of filesUnder(join(web, 'node_modules/@mantine', pkg, 'esm'), (n) => n.endsWith('.mjs'))) {
      addCoreImports(readFileSync(path, 'utf8'), names);
    }
  }
  return names;
}

/** The style sheets (styles/<Name>.css) of the modules reachable from the given names in @mantine/core's ESM build. */
function neededSheets(names) {
  const index = readFileSync(join(core, 'esm/index.mjs'), 'utf8');
  const entry = new Map();
  // index.mjs imports every export from its module, then exports them all in one statement.
  for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    for (const part of m[1].split(',')) {
      const [orig, alias] = part.split(/\s+as\s+/).map((s) => s.trim());
      entry.set(alias ?? orig, join(core, 'esm', m[2]));
    }
  }
  const seen = new Set();
  const sheets = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const module = /([A-Za-z]+)\.module\.mjs$/.exec(file);
    if (module && existsSync(join(core, 'styles', `${module[1]}.css`))) sheets.add(module[1]);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:from|import)\s*["'](\.[^"']+)["']/g)) visit(resolve(dirname(file), m[1]));
  };
  for (const name of names) {
    const file = entry.get(name);
    if (file) visit(file); // names from other packages (re-exported) carry no core styles
  }
  return sheets;
}

/** Sorts sheet names in the order their contents appear in styles.css. */
function inStylesOrder(sheets) {
  const full = readFileSync(join(core, 'styles.css'), 'utf8');
  const at = new Map();
  for (const name of sheets) {
    const css = readFileSync(join(core, 'styles', `${name}.css`), 'utf8');
    const pos = full.indexOf(css.slice(0, 300));
    if (pos < 0) throw new Error(`styles/${name}.css is not part of styles.css`);
    at.set(name, pos);
  }
  return [...sheets].sort((a, b) => at.get(a) - at.get(b));
}

const needed = inStylesOrder(new Set([...BASE, ...neededSheets(importedNames())]));
const header = [
  "// Mantine's style sheets for the components this app uses, in the order of @mantine/core/styles.css: about",
  '// half of the whole sheet, which blocked the first paint. Written and checked by scripts/check-mantine-styles.mjs',
  '// (`node scripts/check-mantine-styles.mjs --write` after using a new Mantine component).',
];
const expected = [...header, ...needed.map((n) => `import '@mantine/core/styles/${n}.css';`)].join('\n') + '\n';

if (process.argv.includes('--write')) {
  writeFileSync(listFile, expected);
  console.log(`check:styles: wrote ${relative(web, listFile)} (${needed.length} sheets)`);
  process.exit(0);
}
const listed = [...readFileSync(listFile, 'utf8').matchAll(/@mantine\/core\/styles\/([A-Za-z-]+)\.css/g)].map((m) => m[1]);
const missing = needed.filter((n) => !listed.includes(n));
const twice = listed.filter((n, i) => listed.indexOf(n) !== i);
const orderOK = JSON.stringify(inStylesOrder(new Set(listed))) === JSON.stringify(listed);
if (missing.length || twice.length || !orderOK) {
  if (missing.length) console.error(`check:styles: the app uses Mantine components whose styles are not loaded: ${missing.join(', ')}`);
  if (twice.length) console.error(`check:styles: listed twice: ${twice.join(', ')}`);
  if (!orderOK) console.error('check:styles: the sheets are not in the order of styles.css');
  console.error('Run `node scripts/check-mantine-styles.mjs --write` in web/.');
  process.exit(1);
}
const unused = listed.filter((n) => !needed.includes(n));
console.log(`check:styles: ${listed.length} Mantine style sheets, none missing${unused.length ? ` (not used any more: ${unused.join(', ')})` : ''}`);
