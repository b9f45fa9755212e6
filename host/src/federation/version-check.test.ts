import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { MANIFEST_BUILD_KEY, MANIFEST_DESCRIPTOR_KEY } from '@sso/shared/federation';

/** The runtime as these tests see it: the plugins the host registered and whose code has run. */
const runtime = { plugins: [] as ModuleFederationRuntimePlugin[], loaded: new Set<string>() };
jest.mock('@module-federation/enhanced/runtime', () => {
  const { fakeRuntime, hostInstances } = jest.requireActual<typeof import('./test-support/fake-runtime')>(
    './test-support/fake-runtime',
  );
  return fakeRuntime({
    registerPlugins: (plugins: ModuleFederationRuntimePlugin[]) => runtime.plugins.push(...plugins),
    getInstance: hostInstances(() => runtime.loaded, {
      '@sso/shared/ui': [{ version: '2.1.0', from: 'host' }],
    }),
  });
});

/** jsdom has no Fetch API: the runtime only gets a body back from the host's plugin. */
class TestResponse {
  constructor(readonly body: string) {}
}
Object.defineProperty(globalThis, 'Response', { value: TestResponse, configurable: true, writable: true });

const users = { name: 'users', entry: 'http://users.test/mf-manifest.json' };
const roles = { name: 'roles', entry: 'http://roles.test/mf-manifest.json' };

function manifest(
  name: string,
  buildId: string,
  { range = '^2.0.0', nav = [] as { label: string; path: string; icon: string; order: number }[] } = {},
) {
  return JSON.stringify({
    name,
    metaData: {
      publicPath: 'auto',
      [MANIFEST_DESCRIPTOR_KEY]: { name, routes: [], nav },
      [MANIFEST_BUILD_KEY]: { version: '1.0.0', buildId, builtAt: '2026-11-24T08:00:00.000Z' },
    },
    shared: [{ name: '@sso/shared/ui', requiredVersion: range }],
  });
}

/** What each server answers now; a function answers (or fails) on its own. */
let served: Record<string, string | (() => Promise<unknown>)>;
const fetchMock = jest.fn((url: string, _init?: RequestInit) => {
  const answer = served[url];
  if (typeof answer === 'function') return answer();
  return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(answer ?? '') });
});

type Modules = typeof import('./version-check') & typeof import('./remote-registry');
let m: Modules;

beforeEach(() => {
  runtime.plugins.length = 0;
  runtime.loaded.clear();
  window.localStorage.clear();
  fetchMock.mockClear();
  Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
  served = { [users.entry]: manifest('users', 'u1'), [roles.entry]: manifest('roles', 'r1') };
  // Each test is a fresh page: the registry's module state starts empty.
  jest.isolateModules(() => {
    m = {
      ...jest.requireActual<typeof import('./remote-registry')>('./remote-registry'),
      ...jest.requireActual<typeof import('./version-check')>('./version-check'),
    };
  });
});

/** The page as it starts: discovery read every manifest. */
async function openPage() {
  await m.discoverRemotes([users, roles]);
  fetchMock.mockClear();
}

/** The federation runtime asking for a remote's manifest, as when one of its pages is visited. */
async function runtimeLoads(remote: { name: string; entry: string }): Promise<string> {
  const plugin = runtime.plugins.find((p) => p.name === 'sso-manifest-gate');
  const response = (await plugin?.fetch?.(remote.entry, {})) as unknown as TestResponse;
  runtime.loaded.add(remote.name);
  return response.body;
}

describe('checkVersions: which remotes this page should be reloaded for', () => {
  it('reports nothing while every manifest is unchanged, asking with a conditional request', async () => {
    await openPage();
    await runtimeLoads(users);
    await expect(m.checkVersions([users, roles])).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // no-cache: the browser revalidates (If-None-Match) and an unchanged manifest costs a 304.
    for (const [, init] of fetchMock.mock.calls) expect(init).toMatchObject({ cache: 'no-cache' });
  });

  it('reports a loaded remote that serves another build', async () => {
    await openPage();
    await runtimeLoads(users);
    served[users.entry] = manifest('users', 'u2');
    await expect(m.checkVersions([users, roles])).resolves.toEqual([{ name: 'users', buildId: 'u2' }]);
  });

  it('does not prompt for a remote not loaded yet: its first load gets the new build, with no extra request', async () => {
    await openPage();
    served[roles.entry] = manifest('roles', 'r2');
    await expect(m.checkVersions([users, roles])).resolves.toEqual([]);
    fetchMock.mockClear();
    expect(JSON.parse(await runtimeLoads(roles))).toMatchObject({
      metaData: { [MANIFEST_BUILD_KEY]: { buildId: 'r2' } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    // That is the build its code now comes from: nothing to reload for.
    await expect(m.checkVersions([users, roles])).resolves.toEqual([]);
  });

  it('keeps a refused new build of a remote not loaded yet from running: its first load checks again', async () => {
    await openPage();
    served[roles.entry] = manifest('roles', 'r2', { range: '^3.0.0' });
    await expect(m.checkVersions([users, roles])).resolves.toEqual([]);
    await expect(runtimeLoads(roles)).rejects.toThrow(
      'Membutuhkan @sso/shared ^3.0.0, host menyediakan 2.1.0',
    );
    // Fixed by another deploy: the next load (a retry) reads and checks it again, and runs it.
    served[roles.entry] = manifest('roles', 'r3');
    expect(JSON.parse(await runtimeLoads(roles))).toMatchObject({
      metaData: { [MANIFEST_BUILD_KEY]: { buildId: 'r3' } },
    });
    await expect(m.checkVersions([users, roles])).resolves.toEqual([]);
  });

  it('reports a remote whose routes or menu items changed, loaded or not (the sidebar is the old one)', async () => {
    await openPage();
    served[roles.entry] = manifest('roles', 'r2', {
      nav: [{ label: 'Role Management', path: '/role-management', icon: 'roles', order: 30 }],
    });
    await expect(m.checkVersions([users, roles])).resolves.toEqual([{ name: 'roles', buildId: 'r2' }]);
  });

  it('does not prompt while a load was handed the manifest but its code has not run (it gets the news next time)', async () => {
    await openPage();
    const plugin = runtime.plugins.find((p) => p.name === 'sso-manifest-gate');
    await plugin?.fetch?.(users.entry, {});
    served[users.entry] = manifest('users', 'u2');
    await expect(m.checkVersions([users, roles])).resolves.toEqual([]);
    runtime.loaded.add('users');
    await expect(m.checkVersions([users, roles])).resolves.toEqual([{ name: 'users', buildId: 'u2' }]);
  });

  it('after a retry loaded the new build, there is nothing to reload for', async () => {
    await openPage();
    await runtimeLoads(users);
    served[users.entry] = manifest('users', 'u2');
    // A retry (Coba lagi registers the remote again) makes the runtime ask again: the gate fetches and checks the manifest.
    await runtimeLoads(users);
    await expect(m.checkVersions([users, roles])).resolves.toEqual([]);
  });

  it.each([
    ['nothing answers', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'an HTTP error',
      () => Promise.resolve({ ok: false, status: 502, text: () => Promise.resolve('Bad Gateway') }),
    ],
    [
      'not a manifest',
      () => Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve('<html>') }),
    ],
  ])('stays silent when %s', async (_label, answer) => {
    await openPage();
    await runtimeLoads(users);
    served[users.entry] = answer;
    served[roles.entry] = answer;
    await expect(m.checkVersions([users, roles])).resolves.toEqual([]);
  });

  it('gives up on a manifest that does not arrive in time', async () => {
    await openPage();
    await runtimeLoads(users);
    jest.useFakeTimers();
    try {
      served[users.entry] = () => new Promise(() => undefined);
      const pending = m.checkVersions([users]);
      await jest.advanceTimersByTimeAsync(m.MANIFEST_TIMEOUT_MS);
      await expect(pending).resolves.toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('watchVersions: when the manifests are read again', () => {
  const MIN_GAP = 30_000;
  const INTERVAL = 5 * 60_000;
  let clock: number;
  let check: jest.Mock<Promise<{ name: string; buildId: string | undefined }[]>>;
  let onResult: jest.Mock;
  let stop: () => void;

  const focus = () => window.dispatchEvent(new Event('focus'));
  const flush = () => jest.advanceTimersByTimeAsync(0);
  const wait = async (ms: number) => {
    clock += ms;
    await jest.advanceTimersByTimeAsync(ms);
  };
  const setVisibility = (state: DocumentVisibilityState) => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  };

  beforeEach(() => {
    jest.useFakeTimers();
    clock = 1_000_000;
    check = jest.fn(() => Promise.resolve([{ name: 'users', buildId: 'u2' }]));
    onResult = jest.fn();
    stop = m.watchVersions(check, onResult, { intervalMs: INTERVAL, minGapMs: MIN_GAP, now: () => clock });
  });
  afterEach(() => {
    stop();
    setVisibility('visible');
    jest.useRealTimers();
  });

  it('checks when the window regains focus and hands over the result', async () => {
    expect(check).not.toHaveBeenCalled();
    focus();
    await flush();
    expect(check).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith([{ name: 'users', buildId: 'u2' }]);
  });

  it('checks at most once per 30 s however often focus comes back', async () => {
    focus();
    await flush();
    for (let i = 0; i < 5; i += 1) {
      await wait(5_000);
      focus();
    }
    await flush();
    expect(check).toHaveBeenCalledTimes(1);
    await wait(MIN_GAP);
    focus();
    await flush();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('checks every 5 minutes while the panel is open', async () => {
    await wait(INTERVAL - 1);
    expect(check).not.toHaveBeenCalled();
    await wait(1);
    expect(check).toHaveBeenCalledTimes(1);
    await wait(INTERVAL);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('skips while the tab is hidden and checks when it is shown again', async () => {
    setVisibility('hidden');
    focus();
    await wait(INTERVAL);
    expect(check).not.toHaveBeenCalled();
    setVisibility('visible');
    await flush();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('runs one check at a time', async () => {
    let finish: (value: []) => void = () => undefined;
    check.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    focus();
    await wait(MIN_GAP);
    focus();
    await flush();
    expect(check).toHaveBeenCalledTimes(1);
    finish([]);
    await flush();
    expect(onResult).toHaveBeenCalledWith([]);
  });

  it('stays silent when a check fails, and tries again later', async () => {
    check.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    focus();
    await flush();
    expect(onResult).not.toHaveBeenCalled();
    await wait(MIN_GAP);
    focus();
    await flush();
    expect(onResult).toHaveBeenCalledTimes(1);
  });

  it('stops listening once stopped (the shell left)', async () => {
    stop();
    focus();
    await wait(INTERVAL);
    expect(check).not.toHaveBeenCalled();
  });
});
