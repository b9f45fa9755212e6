// One lint policy for the workspace. Every restriction says what to do instead (STYLE).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { apps as registry, sharedExports } from './scripts/apps.mjs';
import { featureZones } from './scripts/lint/feature-zones.mjs';

const apps = registry.map((app) => app.dir);
// Remotes whose features are kept apart (scripts/lint/feature-zones.mjs): every remote.
const featureRemotes = apps.filter((app) => app.startsWith('remote-'));
/** An app imports no other app's code and not the api's. */
const appZones = (app) => [
  ...apps
    .filter((other) => other !== app)
    .map((other) => ({
      target: `./${app}/src`,
      from: `./${other}/src`,
      message: `${app} must not import ${other}'s code: the host loads remotes at run time; share through @sso/shared.`,
    })),
  {
    target: `./${app}/src`,
    from: './api/src',
    message: 'Apps talk to the api over HTTP through @sso/shared/api.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'coverage/**',
      '.e2e-*/**',
      'bench/report.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      ecmaVersion: 2023,
      sourceType: 'module',
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@sso/shared(?!/(${Object.keys(sharedExports).join('|')})$)`,
              message:
                'Import @sso/shared only through its public subpaths (@sso/shared/ui, /api, /contract, …).',
            },
            {
              group: ['**/shared/src/*'],
              message: 'Import @sso/shared through its package subpaths, not by file path.',
            },
          ],
        },
      ],
    },
  },
  {
    // Promises are awaited, returned, handled, or voided with a reason: a dropped rejection is a bug
    // nobody sees. Type-aware, so only for the files tsconfig.json checks. react-router's `navigate`
    // returns a promise that settles when the navigation is done (failures go to the route's error
    // element, not to the caller): callers `void` it.
    files: [
      '*/src/**/*.{ts,tsx}',
      'e2e/**/*.ts',
      'scripts/**/*.{ts,mts}',
      'rspack.base.ts',
      '*/rspack.config.ts',
    ],
    ignores: ['bench/**'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['**/*.tsx', '**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only informs about the React Compiler skipping a component (e.g. useVirtualizer); we do not
      // compile with it, so there is nothing to act on.
      'react-hooks/incompatible-library': 'off',
    },
  },
  ...pluginQuery.configs['flat/recommended'],
  // One direction of imports (STYLE "Layout tells the story").
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/host/**', '**/remote-*/**', '**/api/src/**'],
              message: 'shared never imports an app: move the code into shared or pass it in.',
            },
            {
              group: ['../*/**', '../*'],
              message:
                'Inside shared, import another subpath by package name (@sso/shared/ui), so federation keeps one instance.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // Apps do not import each other; inside a remote, features do not either (a test may put several
  // screens together, as exposes.ts does, so the feature zones leave tests out).
  ...apps.flatMap((app) => {
    const rule = (zones) => ({ 'import-x/no-restricted-paths': ['error', { zones }] });
    const between = appZones(app);
    return [
      { files: [`${app}/src/**/*.{ts,tsx}`], rules: rule(between) },
      ...(featureRemotes.includes(app)
        ? [
            {
              files: [`${app}/src/**/*.{ts,tsx}`],
              ignores: ['**/*.test.{ts,tsx}'],
              rules: rule([...between, ...featureZones(import.meta.dirname, app)]),
            },
          ]
        : []),
    ];
  }),
  {
    // @sso/shared/testing is for Jest suites only: it must never reach a bundle.
    files: ['*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**', 'shared/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='@sso/shared/testing']",
          message: '@sso/shared/testing is for tests only (*.test.ts, test-support/).',
        },
      ],
    },
  },
  {
    // One router instance, bundled once by the host (ADR 0006): remotes and the shared kit reach it
    // through the @sso/shared/navigation facade. The host and the standalone dev shell own a router.
    // (After the block above: it repeats its @sso/shared/testing rule, which this one replaces.)
    files: ['remote-*/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test-support/**',
      'shared/src/navigation/**',
      'shared/src/dev-shell/**',
      'shared/src/testing/**',
      // Rendered once at build time, outside the host (ADR 0016): it brings its own router.
      'remote-auth/src/prerender-screens.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/^react-router(-dom)?(\\/.*)?$/]',
          message:
            'Import Link, Navigate and the router hooks from @sso/shared/navigation: react-router is not shared, the host owns the one router. Missing one? Add it to the facade.',
        },
        {
          selector: "ImportDeclaration[source.value='@sso/shared/testing']",
          message: '@sso/shared/testing is for tests only (*.test.ts, test-support/).',
        },
      ],
    },
  },
  {
    // The host owns the router, but its links and navigation go through the facade too: only the
    // facade's Link and useNavigate ask the leave confirmation's blocker (ADR 0006).
    files: ['host/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/^react-router(-dom)?$/] > ImportSpecifier[imported.name=/^(Link|NavLink|useNavigate|useBlocker|Navigate|useLocation)$/]',
          message:
            'Import Link, Navigate, useNavigate and useLocation from @sso/shared/navigation: its Link and navigate ask the blockers of unsaved forms.',
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'api/src/test-support/**'],
    rules: {
      '@typescript-eslint/consistent-type-assertions': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Playwright reads fixture dependencies from the destructured first argument: `{}` means none.
      'no-empty-pattern': 'off',
    },
  },
  {
    // Build config reads the descriptor type by file: it runs in Node, outside the package graph.
    files: ['rspack.base.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
