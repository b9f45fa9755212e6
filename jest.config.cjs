const { project } = require('./jest.preset.cjs');

module.exports = {
  projects: [
    project({ name: 'shared', dir: '<rootDir>/shared' }),
    project({ name: 'host', dir: '<rootDir>/host' }),
    project({ name: 'remote-auth', dir: '<rootDir>/remote-auth' }),
    project({ name: 'remote-users', dir: '<rootDir>/remote-users' }),
    project({ name: 'remote-roles', dir: '<rootDir>/remote-roles' }),
    project({ name: 'api', dir: '<rootDir>/api', env: 'node' }),
  ].map((p) => ({ ...p, rootDir: p.rootDir.replace('<rootDir>', __dirname) })),
};
