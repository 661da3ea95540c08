#!/usr/bin/env node
// The web app's performance bars (issue 5), measured on the built app and printed as a table:
//
//   1. the booking route's initial JavaScript ≤ 170 KB gzipped (issue 26; 180 KB before);
//   2. Lighthouse, mobile (its default form factor and simulated throttling), on a demo booking page:
//      performance ≥ 90 and accessibility ≥ 95.
//
// It builds nothing: `make bench` builds the app and the binary first (or run `make build`). It starts
// bin/pitlane `serve --demo` on a free loopback port with a throwaway SQLite database in a temp dir, runs
// Lighthouse against the first demo company's booking page (several runs, the median counts), prints the
// figures, stops the server and removes the temp dir whatever happens. Exit status: 0 when every bar is
// met, 1 when one is missed, 2 when the measurement itself failed.
//
// Initial JavaScript of the booking route (/{key}), as measured here: the entry chunk and every chunk it
// imports statically, transitively (exactly the files index.html loads with <script> and
// <link rel="modulepreload">), plus the largest of the per-language locale chunks, which the page
// fetches before showing a company whose language is not English (English is in the entry). Everything
// else is a lazy chunk fetched on demand (later wizard stages, dialogs, the captcha, other routes, the
// back office). Each file is gzipped with zlib at level 9; the server compresses at a lower level, so its
// transfer sizes are a little larger (the Lighthouse rows show what the browser really fetched). The
// Brotli column is the .br file the build wrote beside each chunk (vite.config.ts, precompress), which
// the server sends to browsers that accept br; the bar is on gzip.
//
// Usage: node scripts/bench-web.mjs [--runs N] [--company NAME] [--report DIR] [--skip-lighthouse]
//   --runs N          Lighthouse runs (default 3; the median performance run is reported)
//   --company NAME    the demo company whose booking page is audited (default: the first one printed)
//   --report DIR      keep each run's Lighthouse report (JSON) and a screenshot in DIR
//   --skip-lighthouse only the bundle figures (no server, no browser)
// Environment: PITLANE_BIN (default ../bin/pitlane), CHROME_PATH (default /usr/bin/chromium), BENCH_WEB_DIST
// (the built app to measure, default web/dist; the Lighthouse runs always see the app inside the binary).

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const BARS = { initialJsKB: 170, performance: 90, accessibility: 95 };
const KB = 1024;

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = resolve(webDir, '..');
const distDir = resolve(webDir, process.env.BENCH_WEB_DIST ?? 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');
const bin = resolve(rootDir, process.env.PITLANE_BIN ?? 'bin/pitlane');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseBin = join(webDir, 'bench', 'node_modules', '.bin', 'lighthouse');

// ---------------------------------------------------------------- arguments

function parseArgs(argv) {
  const opts = { runs: 3, company: undefined, report: undefined, lighthouse: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--runs') opts.runs = Number(value());
    else if (arg === '--company') opts.company = value();
    else if (arg === '--report') opts.report = resolve(value());
    else if (arg === '--skip-lighthouse') opts.lighthouse = false;
    else if (arg === '-h' || arg === '--help') {
      console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('//')).join('\n'));
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (!Number.isInteger(opts.runs) || opts.runs < 1 || opts.runs > 9) throw new Error('--runs must be 1…9');
  return opts;
}

// ---------------------------------------------------------------- initial JavaScript

const gzSize = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
/** The size of the build's .br variant of a file (what the server sends to a browser accepting br), or
 * of the file compressed here the same way when the build wrote none. */
const brSize = (file) => {
  const variant = join(distDir, `${file}.br`);
  if (existsSync(variant)) return readFileSync(variant).length;
  return brotliCompressSync(readFileSync(join(distDir, file)), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
};

/** The booking route's initial JavaScript from the Vite manifest (see the header for the definition). */
export function initialJavaScript() {
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build the web app first (make build), with build.manifest on`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('the manifest has no index.html entry');

  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entryKey);

  const chunks = [...seen].map((key) => ({
    file: manifest[key].file,
    role: key === entryKey ? 'entry' : 'static import',
    gz: gzSize(manifest[key].file),
    br: brSize(manifest[key].file),
    raw: readFileSync(join(distDir, manifest[key].file)).length,
  }));

  // The booking page's texts in each language but English (vite.config.ts names those chunks
  // locale-<code>-[hash].js; locale-<code>-pages-… hold other pages' texts). English is in the entry.
  const locales = [...new Set(Object.values(manifest).map((c) => c.file))]
    .filter((file) => /(^|\/)locale-[a-z]{2}-(?!pages-)[^/]*\.js$/.test(file))
    .map((file) => ({ file, role: 'locale (largest)', gz: gzSize(file), br: brSize(file), raw: readFileSync(join(distDir, file)).length }))
    .sort((a, b) => b.gz - a.gz);
  if (locales.length > 0) chunks.push(locales[0]);

  const lazy = [...new Set(Object.values(manifest).map((c) => c.file))].filter(
    (file) => file.endsWith('.js') && !chunks.some((c) => c.file === file),
  );
  chunks.sort((a, b) => (a.role === 'entry' ? -1 : b.role === 'entry' ? 1 : b.gz - a.gz));
  return {
    chunks,
    totalGz: chunks.reduce((n, c) => n + c.gz, 0),
    totalBr: chunks.reduce((n, c) => n + c.br, 0),
    totalRaw: chunks.reduce((n, c) => n + c.raw, 0),
    englishGz: chunks.filter((c) => !c.role.startsWith('locale')).reduce((n, c) => n + c.gz, 0),
    localeCount: locales.length,
    lazyCount: lazy.length,
    lazyGz: lazy.reduce((n, f) => n + gzSize(f), 0),
  };
}

// ---------------------------------------------------------------- the server

const READY = /^Pitlane is ready at (https?:\/\/\S+?)\/?\s*$/;
const BOOKING = /^Booking page \((.+)\): (https?:\/\/\S+?)\/?\s*$/;
const ADMIN = /^Admin login: /;

/** Starts `pitlane serve --demo` in tmp; resolves with its base URL and the demo booking pages. */
function startServer(tmp, children) {
  if (!existsSync(bin)) throw new Error(`pitlane binary not found at ${bin}: run make build or set PITLANE_BIN`);
  const logPath = join(tmp, 'server.log');
  const child = spawn(bin, ['serve', '--demo'], {
    cwd: tmp,
    env: { ...process.env, PITLANE_ADDR: '127.0.0.1:0', PITLANE_DATABASE_URL: `sqlite:${join(tmp, 'bench.db')}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const log = [];
  child.stderr.on('data', (b) => log.push(b));
  return new Promise((resolveReady, reject) => {
    const state = { baseURL: undefined, companies: [] };
    let pending = '';
    let grace;
    const timer = setTimeout(() => fail(new Error('the server printed no ready line within 60 s')), 60_000);
    const fail = (err) => {
      clearTimeout(timer);
      clearTimeout(grace);
      writeFileSync(logPath, Buffer.concat(log));
      reject(new Error(`${err.message}\n--- server output ---\n${Buffer.concat(log).toString('utf8').slice(-4000)}`));
    };
    const done = () => {
      clearTimeout(timer);
      if (!state.baseURL || state.companies.length === 0) fail(new Error('no ready line or no booking page printed'));
      else resolveReady({ ...state, child });
    };
    child.stdout.on('data', (b) => {
      log.push(b);
      pending += b.toString('utf8');
      const lines = pending.split(/\r?\n/);
      pending = lines.pop() ?? '';
      for (const line of lines) {
        let m;
        if ((m = line.match(READY))) state.baseURL = m[1];
        else if ((m = line.match(BOOKING))) state.companies.push({ name: m[1], url: m[2] });
        else if (ADMIN.test(line) && !grace) grace = setTimeout(done, 200);
      }
      if (state.baseURL && state.companies.length > 0 && !grace) grace = setTimeout(done, 1500);
    });
    child.once('error', (err) => fail(new Error(`could not start ${bin}: ${err.message}`)));
    child.once('exit', (code, signal) => fail(new Error(`the server exited early (code ${code}, signal ${signal})`)));
  });
}

/** Stops a child process: SIGTERM, then SIGKILL after 5 s. */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.removeAllListeners('error');
    child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------- Lighthouse

/** One Lighthouse run (mobile defaults) on url; resolves with the parsed report. */
function runLighthouse(url, outPath, tmp, children) {
  if (!existsSync(lighthouseBin)) throw new Error(`${lighthouseBin} is missing: npm ci in web/bench/ (make bench does it)`);
  if (!existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath} (apt-get install -y chromium)`);
  const args = [
    url,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${outPath}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    '--quiet',
  ];
  const child = spawn(lighthouseBin, args, {
    cwd: tmp,
    env: { ...process.env, CHROME_PATH: chromePath, TMPDIR: tmp },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (b) => (stderr += b));
  return new Promise((resolveRun, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      if (code !== 0 || !existsSync(outPath)) {
        reject(new Error(`lighthouse failed (code ${code}, signal ${signal}):\n${stderr.slice(-3000)}`));
        return;
      }
      const report = JSON.parse(readFileSync(outPath, 'utf8'));
      if (report.runtimeError) reject(new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`));
      else resolveRun(report);
    });
  });
}

/** The figures of one report. */
function figures(report) {
  const audit = (id) => report.audits[id];
  const scripts = (audit('network-requests')?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  const failing = (category) =>
    report.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && audit(ref.id)?.score !== null && audit(ref.id)?.score < 1)
      .map((ref) => `${ref.id} (${audit(ref.id).score})`);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    fcp: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    si: audit('speed-index').numericValue,
    scriptCount: scripts.length,
    scriptTransfer: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    failingPerformance: failing('performance'),
    failingAccessibility: failing('accessibility'),
    version: report.lighthouseVersion,
    warnings: report.runWarnings ?? [],
    screenshot: audit('final-screenshot')?.details?.data,
  };
}

// ---------------------------------------------------------------- printing

const kb = (bytes) => (bytes / KB).toFixed(1);
const ms = (v) => `${Math.round(v)} ms`;
const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ')).join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const started = new Date();
  const results = [];
  const children = new Set();
  const tmp = mkdtempSync(join(tmpdir(), 'pitlane-bench-web-'));
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await Promise.all([...children].map(stop));
    rmSync(tmp, { recursive: true, force: true });
  };
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.once(sig, () => {
      void cleanup().finally(() => process.exit(130));
    });
  }

  try {
    console.log(`Pitlane web app benchmark — ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    console.log('');

    // 1. Initial JavaScript.
    const js = initialJavaScript();
    const jsOK = js.totalGz <= BARS.initialJsKB * KB;
    results.push(jsOK);
    console.log('Initial JavaScript of the booking route /{key} (entry + static imports + largest locale chunk; gzip -9, Brotli 11):');
    console.log(
      table([
        ['  chunk', 'role', 'raw KB', 'gzip KB', 'br KB'],
        ...js.chunks.map((c) => [`  ${c.file}`, c.role, kb(c.raw), kb(c.gz), kb(c.br)]),
        ['  total', '', kb(js.totalRaw), kb(js.totalGz), kb(js.totalBr)],
      ]),
    );
    console.log(`  (an English visitor: ${kb(js.englishGz)} KB gz; ${js.localeCount} lazy locale chunks;`);
    console.log(`   ${js.lazyCount} other lazy JS chunks, ${kb(js.lazyGz)} KB gz, fetched only when used)`);
    console.log('');

    // 2. Lighthouse.
    let lh;
    if (opts.lighthouse) {
      const server = await startServer(tmp, children);
      const company = opts.company ? server.companies.find((c) => c.name === opts.company) : server.companies[0];
      if (!company) throw new Error(`no demo company named ${opts.company}: ${server.companies.map((c) => c.name).join(', ')}`);
      if (opts.report) mkdirSync(opts.report, { recursive: true });
      const runs = [];
      for (let i = 1; i <= opts.runs; i++) {
        process.stderr.write(`lighthouse run ${i}/${opts.runs} on ${company.url} …\n`);
        const out = join(tmp, `lighthouse-${i}.json`);
        let report;
        try {
          report = await runLighthouse(company.url, out, tmp, children);
        } catch (err) {
          // Lighthouse itself sometimes fails to record a trace (NO_NAVSTART, NO_FCP under load): that run
          // measured nothing, so it is made once more; a second failure ends the benchmark.
          process.stderr.write(`lighthouse run ${i} failed, running it again: ${String(err).split('\n').slice(0, 2).join(' ')}\n`);
          report = await runLighthouse(company.url, out, tmp, children);
        }
        const f = figures(report);
        runs.push(f);
        if (opts.report) {
          copyFileSync(out, join(opts.report, `lighthouse-${i}.json`));
          if (f.screenshot) {
            writeFileSync(join(opts.report, `screenshot-${i}.jpg`), Buffer.from(f.screenshot.split(',')[1], 'base64'));
          }
        }
      }
      await stop(server.child);

      const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcp - a.lcp);
      lh = sorted[Math.floor((sorted.length - 1) / 2)];
      const perfOK = lh.performance >= BARS.performance;
      const a11yMin = Math.min(...runs.map((r) => r.accessibility));
      const a11yOK = a11yMin >= BARS.accessibility;
      results.push(perfOK, a11yOK);
      lh = { ...lh, a11yMin, perfOK, a11yOK };
      console.log(`Lighthouse ${runs[0].version} mobile (default emulation and simulated throttling), ${opts.runs} run(s),`);
      console.log(`page: ${company.name} ${new URL(company.url).pathname} (Chromium at ${chromePath}, headless):`);
      console.log(
        table([
          ['  run', 'perf', 'a11y', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'scripts', 'JS transferred'],
          ...runs.map((r, i) => [
            `  ${i + 1}${r === sorted[Math.floor((sorted.length - 1) / 2)] ? ' (median)' : ''}`,
            r.performance,
            r.accessibility,
            ms(r.fcp),
            ms(r.lcp),
            ms(r.tbt),
            r.cls.toFixed(3),
            ms(r.si),
            r.scriptCount,
            `${kb(r.scriptTransfer)} KB`,
          ]),
        ]),
      );
      if (lh.failingPerformance.length) console.log(`  performance audits not passed (median run): ${lh.failingPerformance.join(', ')}`);
      const a11yFailing = [...new Set(runs.flatMap((r) => r.failingAccessibility))];
      if (a11yFailing.length) console.log(`  accessibility audits not passed: ${a11yFailing.join(', ')}`);
      console.log('');
    }

    // 3. Verdict.
    console.log('Bars (issues 5 and 26):');
    const rows = [['  measure', 'figure', 'bar', 'result'], ['  booking route initial JS, gzip', `${kb(js.totalGz)} KB`, `≤ ${BARS.initialJsKB} KB`, verdict(jsOK)]];
    rows.push(['  booking route initial JS, Brotli (sent to br browsers)', `${kb(js.totalBr)} KB`, '', '']);
    if (lh) {
      rows.push(['  Lighthouse performance (mobile, median run)', lh.performance, `≥ ${BARS.performance}`, verdict(lh.perfOK)]);
      rows.push(['  Lighthouse accessibility (lowest run)', lh.a11yMin, `≥ ${BARS.accessibility}`, verdict(lh.a11yOK)]);
    } else {
      rows.push(['  Lighthouse', 'skipped', '', '']);
    }
    console.log(table(rows));
    const pass = results.every(Boolean);
    console.log('');
    console.log(pass ? 'bench-web: every bar met' : 'bench-web: FAIL — a bar is missed (see above)');
    process.exitCode = pass ? 0 : 1;
  } catch (err) {
    console.error(`bench-web: ${err instanceof Error ? err.message : err}`);
    process.exitCode = 2;
  } finally {
    await cleanup();
  }
}

await main();
