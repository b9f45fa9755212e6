import { MANIFEST_DESCRIPTOR_KEY } from '@sso/shared/federation';
import { descriptorCache } from './descriptor-cache';
import { discoverRemotes } from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () =>
  jest
    .requireActual<typeof import('./test-support/fake-runtime')>('./test-support/fake-runtime')
    .fakeRuntime({
      getInstance: () => ({
        options: {
          name: 'host',
          shared: {
            react: [{ version: '19.3.1', from: 'host' }],
            '@sso/shared/ui': [{ version: '2.0.0', from: 'host' }],
          },
        },
      }),
    }),
);

const descriptor = (name: string) => ({ name, routes: [], nav: [] });

function manifest(name: string, sharedRange: string) {
  return JSON.stringify({
    name,
    metaData: { publicPath: 'auto', [MANIFEST_DESCRIPTOR_KEY]: descriptor(name) },
    shared: [
      { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' },
      { name: '@sso/shared/ui', version: sharedRange.slice(1), requiredVersion: sharedRange },
    ],
  });
}

const served: Record<string, string> = {
  'http://users.test/mf-manifest.json': manifest('users', '^3.0.0'),
  'http://roles.test/mf-manifest.json': manifest('roles', '^2.0.0'),
};
const fetchMock = jest.fn((url: string) =>
  Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(served[url] ?? '') }),
);

beforeEach(() => {
  window.localStorage.clear();
  fetchMock.mockClear();
  Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
});

const remotes = [
  { name: 'users', entry: 'http://users.test/mf-manifest.json' },
  { name: 'roles', entry: 'http://roles.test/mf-manifest.json' },
];

describe('discoverRemotes: compatibility before loading', () => {
  it('fails an incompatible remote with the reason, reads it once, and keeps the others', async () => {
    const states = await discoverRemotes(remotes);
    expect(states).toEqual([
      {
        ...remotes[0],
        status: 'failed',
        error: 'Membutuhkan @sso/shared ^3.0.0, host menyediakan 2.0.0',
      },
      { ...remotes[1], status: 'ready', descriptor: descriptor('roles') },
    ]);
    expect(fetchMock.mock.calls.filter(([url]) => url === remotes[0]!.entry)).toHaveLength(1);
  });

  it('does not fall back to a cached descriptor for an incompatible remote', async () => {
    descriptorCache.write(descriptor('users'));
    const [users] = await discoverRemotes(remotes);
    expect(users).toMatchObject({ name: 'users', status: 'failed' });
  });
});
