const { project } = require('./jest.preset.cjs');
const apps = require('./scripts/apps.json');

module.exports = {
  projects: [
    project({ name: 'shared', dir: '<rootDir>/shared' }),
    ...apps.map((app) => project({ name: app.dir, dir: `<rootDir>/${app.dir}` })),
    project({ name: 'api', dir: '<rootDir>/api', env: 'node' }),
    // The workspace's own checks (scripts/workspace.test.ts: every list agrees with the registry).
    project({ name: 'workspace', dir: '<rootDir>/scripts', env: 'node', tests: '<rootDir>/**/*.test.ts' }),
  ].map((p) => ({ ...p, rootDir: p.rootDir.replace('<rootDir>', __dirname) })),
};
