// ESLint for the web app (`npm run lint`, part of `make test-web`): typescript-eslint's recommended rules,
// React's hooks rules, and the import boundaries between parts of src (bulletproof-react's "unidirectional
// codebase"), checked with eslint-plugin-import-x's no-restricted-paths over the @/ alias:
//   - a customer feature (src/features/<f>) never imports another, nor a back-office feature another;
//   - the back office (src/admin) uses only itself, src/components and src/lib (never src/features or
//     src/app): it is a second entry (admin.html) that must not drag customer pages along;
//   - the customer app (src/features, src/app, src/components, src/lib) never imports src/admin, so a
//     customer never downloads back-office code (scripts/check-admin-chunks.mjs checks the build too);
//   - shared code (src/components, src/lib) never imports a feature.
// Tests may also use the shared test helpers (src/test).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The feature folders under a directory (src/features, src/admin/features). */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** One zone per feature: it may not import any sibling feature. */
const featureZones = (dir) =>
  foldersOf(dir).map((feature) => ({
    target: `${dir}/${feature}`,
    from: dir,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what they share to src/components or src/lib (src/admin/components or src/admin/lib for the back office).',
  }));

/** The zones every source file keeps; `forTests` lets test files use src/test as well. */
const zones = (forTests) => [
  ...featureZones('./src/features'),
  ...featureZones('./src/admin/features'),
  {
    target: './src/admin',
    from: './src',
    except: ['./admin', './components', './lib', ...(forTests ? ['./test'] : [])],
    message: 'The back office (src/admin) imports only src/admin, src/components and src/lib.',
  },
  ...['./src/features', './src/app', './src/components', './src/lib', './src/main.tsx'].map((target) => ({
    target,
    from: './src/admin',
    message: 'The customer app never imports the back office (src/admin): it is a separate entry, admin.html.',
  })),
  ...['./src/components', './src/lib'].map((target) => ({
    target,
    from: './src/features',
    message: 'Shared code (src/components, src/lib) does not import a feature.',
  })),
];

const importRules = (forTests) => ({
  'import-x/no-restricted-paths': ['error', { zones: zones(forTests) }],
});

export default defineConfig([
  globalIgnores(['dist/', 'bench/', 'node_modules/', 'src/lib/api/schema.d.ts']),
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: importRules(false),
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.vitest } },
    rules: importRules(true),
  },
  {
    // The i18next key types: type-only imports of every namespace's English locale file (features' and the
    // back office's included), which is how i18next learns the keys; no code is imported.
    files: ['src/lib/i18n/i18next.d.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
]);
