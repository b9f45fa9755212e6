import { MANIFEST_BUILD_KEY, MANIFEST_DESCRIPTOR_KEY } from '@sso/shared/federation';
import { checkRemote } from './remote-status';

const loadedNames = new Set<string>();
jest.mock('@module-federation/enhanced/runtime', () => {
  const { fakeRuntime, hostInstances } = jest.requireActual<typeof import('./test-support/fake-runtime')>(
    './test-support/fake-runtime',
  );
  return fakeRuntime({
    getInstance: hostInstances(() => loadedNames, { '@sso/shared/ui': [{ version: '2.0.0', from: 'host' }] }),
  });
});

const remote = { name: 'users', entry: 'http://users.test/mf-manifest.json' };
const build = { version: '1.4.0', buildId: 'b42', builtAt: '2026-11-23T10:00:00.000Z' };

function manifest({ range = '^2.0.0', name = 'users' } = {}) {
  return JSON.stringify({
    name,
    metaData: {
      publicPath: 'auto',
      [MANIFEST_DESCRIPTOR_KEY]: { name, routes: [], nav: [] },
      [MANIFEST_BUILD_KEY]: build,
    },
    shared: [{ name: '@sso/shared/ui', requiredVersion: range }],
  });
}

function serve(respond: () => Promise<unknown>) {
  Object.defineProperty(window, 'fetch', { value: jest.fn(respond), configurable: true, writable: true });
}
const ok = (text: string) => () =>
  Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(text) });

let clock = 0;
const now = () => (clock += 12);

beforeEach(() => {
  loadedNames.clear();
  clock = 0;
});

describe('checkRemote: a remote as the status view shows it', () => {
  it('reports the build and "not loaded" for a readable remote whose code has not run', async () => {
    serve(ok(manifest()));
    const status = await checkRemote(remote, now);
    expect(status).toMatchObject({
      name: 'users',
      origin: 'http://users.test',
      build,
      state: 'not-loaded',
      manifestMs: 12,
    });
    expect(status.checkedAt).toBeInstanceOf(Date);
  });

  it('reports "loaded" once its container has run', async () => {
    loadedNames.add('users');
    serve(ok(manifest()));
    await expect(checkRemote(remote, now)).resolves.toMatchObject({ state: 'loaded' });
  });

  it.each([
    ['unreachable', 'nothing answers', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'unreachable',
      'an HTTP error',
      () => Promise.resolve({ ok: false, status: 503, text: () => Promise.resolve('') }),
    ],
    ['incompatible', 'a newer @sso/shared', ok(manifest({ range: '^3.0.0' }))],
    ['invalid', 'another name', ok(manifest({ name: 'roles' }))],
    ['invalid', 'no JSON', ok('<html>')],
  ])('fails as %s on %s', async (kind, _label, respond) => {
    serve(respond);
    const status = await checkRemote(remote, now);
    expect(status.state).toBe('failed');
    expect(status.failure?.kind).toBe(kind);
    expect(status.build).toBeUndefined();
  });

  it('names the incompatibility', async () => {
    serve(ok(manifest({ range: '^3.0.0' })));
    const status = await checkRemote(remote, now);
    expect(status.failure?.detail).toBe('Membutuhkan @sso/shared ^3.0.0, host menyediakan 2.0.0');
  });

  it('fails as timeout when the manifest does not arrive in time', async () => {
    jest.useFakeTimers();
    try {
      serve(() => new Promise(() => undefined));
      const pending = checkRemote(remote, now);
      await jest.advanceTimersByTimeAsync(5000);
      await expect(pending).resolves.toMatchObject({ state: 'failed', failure: { kind: 'timeout' } });
    } finally {
      jest.useRealTimers();
    }
  });
});
