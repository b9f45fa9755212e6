const path = require('node:path');
const { exports: sharedExports } = require('./shared/package.json');
// One Jest setup for every package: @swc/jest for TS/TSX, jsdom for the apps, node for the api.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @param {{ name: string, dir: string, env?: 'jsdom' | 'node', tests?: string }} opts */
function project({ name, dir, env = 'jsdom', tests = '<rootDir>/src/**/*.test.ts?(x)' }) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: env,
    transform: {
      '/node_modules/.+\\.m?js$': [require.resolve('./jest.transform-esm.cjs'), swc[1]],
      '^.+\\.(t|j)sx?$': swc,
      // The workspace's own scripts (scripts/**/*.mjs) under test.
      '^.+\\.mjs$': swc,
    },
    // react-router 8 and its dependencies ship ES modules only: compiled like the sources.
    transformIgnorePatterns: [
      '/node_modules/(?!(\\.pnpm|react-router|@remix-run|cookie-es|oidc-provider|openid-client|oauth4webapi|jose|koa|kysely)[/@])',
    ],
    moduleNameMapper: {
      '\\.css$': 'identity-obj-proxy',
      // @sso/shared imports itself by its public subpaths (one module instance under federation).
      ...Object.fromEntries(
        Object.entries(sharedExports).map(([key, file]) => [
          `^@sso/shared/${key.replace(/^\.\//, '')}$`,
          path.join(__dirname, 'shared', file),
        ]),
      ),
    },
    testMatch: [tests],
    setupFilesAfterEnv: env === 'jsdom' ? [require.resolve('./jest.setup-dom.cjs')] : [],
  };
}

module.exports = { project };
