/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Packages the customer booking page needs on first load, split into a few long-lived vendor chunks so that
// a release that only changes application code does not invalidate them. Anything not listed (including
// libraries used only by the admin back office) stays with the lazy chunk that imports it, so a customer
// never downloads it.
//
// Mantine has no group of all its components (that put every component of every page into the booking
// page's first download): only its core and the few primitives every page starts with have one.

// The folders whose locale files the booking page needs before its first render (keep in step with the
// booking-page lists in src/lib/i18n/index.ts).
const FIRST_PAGE_FOLDERS = /^(components|lib[\\/]i18n|features[\\/](booking|problem-report|live-viewers|app-update))$/;

const APP_SHELL =
  /([\\/]src[\\/](lib[\\/]i18n[\\/](index|languages)|lib[\\/]api[\\/](client|errors)|components[\\/](SimplePage|LanguageSelect|RouteErrorBoundary|PageFooter)|features[\\/]problem-report[\\/]components[\\/](ProblemReportButton|ProblemReportFooter))\.tsx?$)|vite[\\/]preload-helper|([\\/]src[\\/](components[\\/](LoadingScreen|ErrorPage)|lib[\\/](format|query-client|theme|toast|error-reporting|visitor|after-load)|features[\\/]booking[\\/](api[\\/]request|utils[\\/](storage|wizard-state)))\.tsx?$)|vite[\\/]modulepreload-polyfill/;

const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'vendor-data',
    test: /node_modules[\\/](@tanstack[\\/]query-core|@tanstack[\\/]react-query|i18next|react-i18next|openapi-fetch)[\\/]/,
  },
  // Mantine's core (provider, theme, style props) and the primitives every page's first render uses
  // (loading screen, headers, buttons, the inputs' wrapper): one chunk instead of ~20 small ones, fewer
  // requests and better compression. Every other component stays with the chunks that use it.
  {
    name: 'vendor-mantine-core',
    test: /node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/](core|components[\\/](Box|Loader|Stack|Group|Title|Center|Text|Container|DirectionProvider|Button|UnstyledButton|Transition|CloseButton|Input|InputBase|InlineInput|Checkbox[\\/]CheckIcon|ActionIcon[\\/]ActionIcon|Alert|Anchor|Badge|Paper|Radio[\\/]Radio|Radio[\\/]RadioIcon|VisuallyHidden|Skeleton)|utils[\\/](InlineInput|InputsGroupFieldset))|hooks[\\/]esm[\\/]use-uncontrolled|notifications[\\/]esm[\\/]notifications\.store|store)[\\/.]/,
  },
  // The app's own modules that the booking page's first render needs and lazy pages share (texts and
  // languages, the API client, the language selector, the plain page frame): one chunk instead of
  // five of under 1 KB each, since every request before the first render costs a round trip on a phone.
  //
  // The problem report's button is on every page (the booking page's footer, the route table's footer for
  // the shared pages, the lazy pages): shared by the entry and the lazy chunks, the bundler would give it
  // a first-load chunk of its own.
  //
  // The back office (admin.html, a second entry) uses some modules of the customer's entry chunk too
  // (the second line of APP_SHELL, and ActionIcon to Skeleton in vendor-mantine-core: the booking page's date stage and the back office both draw skeletons): left alone, the bundler would split each of them out of the entry chunk into
  // a small chunk of its own, a dozen more requests before the booking page's first render. They go here
  // instead; scripts/check-admin-chunks.mjs fails when the customer's first load gains another chunk.
  // The booking page's request helpers, its session storage and the visitor id (the third line) are in the
  // first load and shared with lazy pages (the stages, event registration, the waiting list's offer page):
  // without this group they became two small chunks of their own.
  { name: 'app-shell', test: APP_SHELL },
  // The locale files (src/lib/i18n/index.ts): per language, one chunk with the booking page's namespaces
  // (locale-es-[hash].js) and one with the other pages' (locale-es-pages-[hash].js). The booking page's
  // English texts stay in the entry chunk (they are imported eagerly, so no group takes them).
  {
    debugName: 'locales',
    name: (id: string) => {
      const m = /[\\/]src[\\/](.*)[\\/]locales[\\/]([a-z]{2})\.json$/.exec(id);
      if (!m) return null;
      // The back office's texts (src/admin/lib/i18n.ts): one chunk per language of their own, so that no
      // customer chunk holds a back-office module (scripts/check-admin-chunks.mjs).
      if (/^admin([\\/]|$)/.test(m[1])) return `admin-locale-${m[2]}`;
      // The booking wizard's later stages and its waiting list (src/lib/i18n/index.ts): fetched with their
      // code. The name keeps them apart from the first download's locale-<code>-[hash].js, which
      // scripts/bench-web.mjs and e2e/tests/chunks.spec.ts recognise by it.
      if (/^features[\\/]booking-steps$/.test(m[1])) return `locale-steps-${m[2]}`;
      const firstPage = FIRST_PAGE_FOLDERS.test(m[1]);
      if (firstPage && m[2] === 'en') return null;
      return firstPage ? `locale-${m[2]}` : `locale-${m[2]}-pages`;
    },
    test: /[\\/]src[\\/].*[\\/]locales[\\/][a-z]{2}\.json$/,
  },
];

// The app shell the service worker precaches: index.html and every file the entry loads before any
// lazy route (its chunk, the vendor chunks, their CSS). Lazy chunks (the staff pages above all) are not
// precached, so that a customer never downloads back-office code; they are cached when first used.
const appShell = new Set<string>();
function collectAppShell(): Plugin {
  return {
    name: 'pitlane-app-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      appShell.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || appShell.has(fileName)) return;
        appShell.add(fileName);
        if (chunk.type !== 'chunk') return;
        chunk.imports.forEach(visit);
        chunk.viteMetadata?.importedCss.forEach((css) => appShell.add(css));
        chunk.viteMetadata?.importedAssets.forEach((asset) => appShell.add(asset));
      };
      // The customer entry only (index.html): the back office's entry is never precached.
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry && /[\\/]index\.html$/.test(chunk.facadeModuleId ?? '')) visit(chunk.fileName);
      }
    },
  };
}

// Writes dist/.vite/admin-chunks.json: every output chunk that holds a module of src/admin, with those
// modules. scripts/check-admin-chunks.mjs reads it with the manifest (dist/.vite/manifest.json, which
// names only a chunk's entry module) to prove that no chunk the customer entry can load holds back-office code.
function recordAdminChunks(): Plugin {
  return {
    name: 'pitlane-admin-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const admin: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const modules = chunk.moduleIds
          .filter((id) => !id.includes('node_modules'))
          .map((id) => /[\\/](src[\\/]admin[\\/][^?]*)/.exec(id)?.[1]?.replaceAll('\\', '/'))
          .filter((id): id is string => id !== undefined);
        if (modules.length > 0) admin[chunk.fileName] = modules;
      }
      this.emitFile({ type: 'asset', fileName: '.vite/admin-chunks.json', source: JSON.stringify(admin, null, 1) });
    },
  };
}

// Appends the fingerprint of admin.html to sw.js. The worker precaches the customer app only, so a release
// that changed only the back office would leave sw.js as it was, and an open back office, which learns of
// releases from the worker (src/admin/app/AdminUpdate.tsx), would never hear of it. admin.html names the back
// office's entry chunk, whose name changes with any back-office module: with its fingerprint in sw.js, such a
// release installs a new worker (nothing new to precache) and the open pages are told. admin.html itself is
// not precached (scripts/check-admin-chunks.mjs).
function fingerprintBackOffice(): Plugin {
  let outDir = '';
  return {
    name: 'pitlane-sw-back-office',
    apply: 'build',
    configResolved(config) {
      outDir = fileURLToPath(new URL(config.build.outDir, `file://${config.root}/`));
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const sw = join(outDir, 'sw.js');
        if (!existsSync(sw)) throw new Error('pitlane-sw-back-office: the service worker was not written before this plugin ran');
        const admin = createHash('sha256').update(readFileSync(join(outDir, 'admin.html'))).digest('hex').slice(0, 16);
        appendFileSync(sw, `\n// back office ${admin}\n`);
      },
    },
  };
}

// Writes NAME.br (Brotli, quality 11) and NAME.gz (gzip -9) beside each text file of the build (scripts,
// styles, HTML, SVG, JSON, the web manifest and the service worker), once every other plugin has written
// its files. The Go binary embeds them and sends the best one the browser accepts
// (internal/httpapi/precompressed.go): Brotli to browsers that offer br, with no compression per request.
// Every such file, small ones too (one encoding for all of a page's files); a variant is kept only when
// smaller than its file, and each is decompressed again and compared with the
// file, so a broken variant fails the build instead of reaching a browser.
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === '.vite' ? [] : walk(join(dir, e.name))) : [join(dir, e.name)]));
  return {
    name: 'pitlane-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = fileURLToPath(new URL(config.build.outDir, `file://${config.root}/`));
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        for (const file of walk(outDir)) {
          if (/\.(br|gz)$/.test(file)) {
            unlinkSync(file); // a variant of an earlier build (with emptyOutDir off)
            continue;
          }
          if (!TEXT.test(file)) continue;
          const data = readFileSync(file);
          const br = brotliCompressSync(data, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          });
          const gz = gzipSync(data, { level: 9 });
          if (!brotliDecompressSync(br).equals(data) || !gunzipSync(gz).equals(data)) {
            throw new Error(`pitlane-precompress: ${file} does not decompress to itself`);
          }
          if (br.length < data.length) writeFileSync(`${file}.br`, br);
          if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

// Never answered from the service worker's cache: the API, the realtime socket, the payment pages and
// the demo mail viewer (all served by the Go binary, none part of the app).
const notTheApp = [/^\/api(\/|$)/, /^\/ws$/, /^\/pay\//, /^\/dev\//, /^\/healthz$/];

// The back office (admin.html, src/admin): the server answers these with admin.html; the service worker
// must not answer them with the customer's index.html, nor precache anything of the back office.
const backOffice = [/^\/login\/?$/, /^\/admin([/?]|$)/, /^\/invite\//, /^\/forgot-password\/?$/, /^\/reset-password\//];

// Test files that need a worker of their own (`test.projects` below): they check state a module
// sets once when it is first loaded, which an earlier file in a shared worker has already changed.
//   - after-load: `pageLoaded` (src/lib/after-load.tsx) stays true once any page has loaded;
//   - i18n/locales: i18next adds every namespace it loads to its `ns` option, the array exported as
//     firstPageNamespaces, so it lists more than the booking page's once any other page has rendered.
const ISOLATED_TESTS = ['src/lib/after-load.test.tsx', 'src/lib/i18n/locales.test.ts'];

const devApi = process.env.PITLANE_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    collectAppShell(),
    recordAdminChunks(),
    // A Workbox service worker that caches the app shell. registerType 'autoUpdate': a new deployment's
    // worker activates at once, drops the old caches and the page reloads behind a loading screen
    // (src/lib/app-update.ts registers it, for the customer app and the back office: its scope / covers
    // /admin, whose pages it never answers: navigateFallbackDenylist). sw.js and workbox-*.js are served with no-cache (internal/httpapi/spa.go).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2}'],
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((e) => e.url === 'index.html' || e.url === 'favicon.svg' || appShell.has(e.url)),
            warnings: [],
          }),
        ],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [...notTheApp, ...backOffice],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // Lazy chunks and images, fingerprinted and immutable: cached as they are first used.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'pitlane-assets', expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 } },
          },
        ],
      },
    }),
    // After VitePWA, whose service worker is written in its closeBundle; precompress last, on the final sw.js.
    fingerprintBackOffice(),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // `npm run dev` talks to a locally running `pitlane serve`; PITLANE_DEV_API overrides where it listens.
    proxy: { '/api': devApi, '/ws': { target: devApi, ws: true }, '/healthz': devApi },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph, which scripts/bench-web.mjs reads to measure the booking
    // route's initial JavaScript (a few KB of file names, nothing secret; the app never fetches it).
    manifest: true,
    rolldownOptions: {
      // Two pages: the customer app (index.html) and the back office (admin.html), sharing only vendor
      // chunks and src/lib, src/components modules.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        admin: fileURLToPath(new URL('./admin.html', import.meta.url)),
      },
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Ceilings for a stuck test, not schedules: a busy 2-core CI machine stretches a test several times.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two projects. Most files share their worker with the files before them (isolate: false): one jsdom,
    // and React, Mantine, the app's modules and every locale file are loaded once per worker instead of
    // once per file, which was most of the run's time. src/test/setup.ts puts back after each file what a
    // file may leave behind (storage, toasts, spies, the document). The files of ISOLATED_TESTS (above)
    // test a module's first-load state, so each runs in a fresh worker as before.
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: ISOLATED_TESTS, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS } },
    ],
  },
});
