// One ESLint config for every package (STYLE: consistent-type-imports, no-floating-promises, eqeqeq,
// react-hooks/exhaustive-deps).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

// --- Boundaries (docs/architecture.md#boundaries-kept-by-lint) -----------------------------------
const root = import.meta.dirname;
const frontends = ['shell', 'mfe-landing', 'mfe-patient', 'mfe-booking', 'mfe-provider'];
const remotes = frontends.filter((p) => p !== 'shell');
const NO_STATIC_REMOTE = {
  regex: '^(mfe_[a-z]+|shell)(/|$)',
  message: "Load a remote module with the shell's remote route (loadRemote), never a static import.",
};
const ROUTER_FACADE = {
  name: 'react-router-dom',
  message: 'Import the router from @medora/shared/router, the one copy shared on the page.',
};
const CATALOGUE_BY_SUBPATH = {
  regex: '^\\.{1,2}/(.*/)?messages(\\.js)?$',
  message:
    'Import the message catalogue as @medora/shared/messages: federation shares it by that request, so a remote page loads one copy.',
};

// API modules: a folder of api/src is a module. These are infrastructure every module may use;
// from any other module only its public surface may be imported: the Nest module, services,
// entities and repositories. Everything else in a module folder (queries, mappers, helpers) is
// private to it.
const apiGlobalModules = ['config', 'auth', 'audit', 'common', 'database', 'storage', 'throttling'];
// Rules (*.rules.ts) and contracts (*.contract.ts) are what a domain offers others to apply as they are.
const apiPublicFiles = [
  '*.module.ts',
  '*.service.ts',
  '*.entity.ts',
  '*.repository.ts',
  '*.rules.ts',
  '*.contract.ts',
];
// TEMPORARY: existing imports of another module's internals, allowed until they move.
// None left: the mappers other modules used moved into their aggregate's repository.
const apiTemporarilyAllowed = [];
const STYLE_MESSAGE =
  'Style with a class from a CSS file (CSS Modules on the design tokens), never an inline style or a <style> element: the CSP forbids them.';
const COLOUR_MESSAGE = 'Use a design token (var(--md-…) in a CSS file), not a colour literal.';
const DATA_SOURCE_MESSAGE =
  'A service or controller calls a repository, never the DataSource: move the SQL into *.repository.ts.';
const apiModules = readdirSync(path.join(root, 'api/src'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const apiZones = apiModules.map((m) => {
  const others = apiModules.filter((o) => o !== m && !apiGlobalModules.includes(o));
  return {
    target: `api/src/${m}/**`,
    from: others.map((o) => `api/src/${o}/**`),
    except: [...apiPublicFiles.map((f) => `**/${f}`), ...apiTemporarilyAllowed.map((f) => `**/api/src/${f}`)],
    message: `A module imports only another module's *.module/*.service/*.entity/*.repository files , rules or contracts (or config, auth, audit, common, database, storage, throttling); move shared code to common/.`,
  };
});

// Frontends: code flows shared → features → app, so a feature never imports app/.
const featureZones = frontends.map((p) => ({
  target: `${p}/src/features/**`,
  from: [`${p}/src/app/**`],
  message:
    'A feature does not import app/: pass what it needs in, or move it to components/ or @medora/shared.',
}));
// A feature does not reach into another feature: the route composes them, and what two need lives in
// the package's components/, hooks/ or model/, or in @medora/shared. Each frontend's src/features is a
// group of features that do not import each other; so is mfe-provider's admin desk, a feature made of
// features (applications, change requests, audit, …) whose parts do not import each other either.
const featureGroups = [...frontends.map((p) => `${p}/src/features`), 'mfe-provider/src/features/admin'];
const foldersIn = (dir) =>
  existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => `${dir}/${d.name}`)
    : [];
const FEATURE_MESSAGE =
  'A feature does not import another feature: compose them at the route, or move what both need to components/, hooks/, model/ or @medora/shared.';
const crossFeatureZones = featureGroups.flatMap((group) => {
  const features = foldersIn(group);
  return features
    .map((feature) => ({
      target: `${feature}/**`,
      from: features.filter((o) => o !== feature).map((o) => `${o}/**`),
      message: FEATURE_MESSAGE,
    }))
    .filter((zone) => zone.from.length > 0);
});
// Packages never import another package's source: remotes load each other (and are loaded by the
// shell) through module federation only.
const packageZones = frontends.map((p) => ({
  target: `${p}/**`,
  from: frontends.filter((o) => o !== p).map((o) => `${o}/**`),
  message:
    p === 'shell'
      ? 'The shell loads a remote through its remote route, never by importing its source.'
      : 'A remote never imports another remote or the shell: share through @medora/shared, load through module federation.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'coverage/**',
      'e2e/.artifacts/**',
      '**/*.cjs',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x skips .ts/.tsx files when it follows imports (no-cycle would see none).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['api', 'shared', 'e2e', 'scripts', ...frontends].map((p) => `${p}/tsconfig.json`),
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...apiZones, ...featureZones, ...crossFeatureZones, ...packageZones] },
      ],
    },
  },
  {
    files: remotes.map((p) => `${p}/src/**`),
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_STATIC_REMOTE] }] },
  },
  {
    // The router is one federation singleton, @medora/shared/router (shared/src/router says why).
    // Tests may render a react-router-dom MemoryRouter: outside federation it is the same package.
    files: [...remotes.map((p) => `${p}/src/**`), 'shell/src/**', 'shared/src/**'],
    ignores: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', 'shared/src/router/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [ROUTER_FACADE], patterns: [] }],
    },
  },
  {
    // Inside @medora/shared the catalogue is imported by its package subpath, never by relative path.
    files: ['shared/src/**'],
    ignores: ['**/*.spec.ts', 'shared/src/router/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [ROUTER_FACADE], patterns: [CATALOGUE_BY_SUBPATH] }],
    },
  },
  {
    files: remotes.map((p) => `${p}/src/**`),
    ignores: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [ROUTER_FACADE], patterns: [NO_STATIC_REMOTE] }] },
  },
  {
    // Import cycles, in source only: tests never sit inside a cycle that matters, and following every
    // test's imports would roughly double lint time on CI's two cores.
    files: ['*/src/**/*.ts', '*/src/**/*.tsx'],
    ignores: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Nest injects constructor parameters by their runtime type: a type-only import would erase it.
    files: ['api/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // An aggregate's SQL lives in its repository; no service or controller injects a
    // database handle. database/ is the infrastructure below the repositories (migrations, seed).
    files: ['api/src/**/*.service.ts', 'api/src/**/*.controller.ts'],
    ignores: ['api/src/database/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'typeorm', importNames: ['DataSource'], message: DATA_SOURCE_MESSAGE },
            {
              name: '@nestjs/typeorm',
              importNames: ['InjectDataSource', 'InjectRepository', 'InjectEntityManager'],
              message: DATA_SOURCE_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  {
    // Styles live in CSS files compiled by webpack (on shared/src/ui/tokens.css), so a
    // strict Content-Security-Policy without 'unsafe-inline' holds and the palette exists once.
    files: [...frontends, 'shared'].map((p) => `${p}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='style']", message: STYLE_MESSAGE },
        { selector: "JSXOpeningElement[name.name='style']", message: STYLE_MESSAGE },
        { selector: 'Literal[value=/^#[0-9a-fA-F]{3,8}$/]', message: COLOUR_MESSAGE },
        { selector: 'TemplateElement[value.raw=/#[0-9a-fA-F]{6}\\b/]', message: COLOUR_MESSAGE },
      ],
    },
  },
);
