const path = require('node:path');
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

/** @param {{ name: string, dir: string, env?: 'jsdom' | 'node' }} opts */
function project({ name, dir, env = 'jsdom' }) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: env,
    transform: { '^.+\\.(t|j)sx?$': swc },
    transformIgnorePatterns: ['/node_modules/(?!.pnpm)'],
    moduleNameMapper: {
      '\\.css$': 'identity-obj-proxy',
      // @sso/shared imports itself by its public subpaths (one module instance under federation).
      '^@sso/shared/dev-shell$': path.join(__dirname, 'shared/src/dev-shell/index.tsx'),
      '^@sso/shared/(contract|api|session|query|ui|ui-data|i18n|federation|navigation|validate|testing)$':
        path.join(__dirname, 'shared/src/$1/index.ts'),
    },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    setupFilesAfterEnv: env === 'jsdom' ? [require.resolve('./jest.setup-dom.cjs')] : [],
  };
}

module.exports = { project };
