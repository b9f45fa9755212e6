import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { originGuard } from './origin-guard';

// The real federation runtime, in jsdom: which hook sees which URL is its behaviour, not ours.

/** jsdom has no fetch Response; the runtime only checks `instanceof Response` and calls json(). */
class ManifestResponse {
  constructor(private readonly body: string) {}
  json(): Promise<unknown> {
    return Promise.resolve(JSON.parse(this.body));
  }
}
Object.defineProperty(globalThis, 'Response', { value: ManifestResponse, configurable: true });

function respond(body: unknown): Response {
  const response = new ManifestResponse(JSON.stringify(body));
  if (!(response instanceof Response)) throw new Error('the Response shim is not installed');
  return response;
}

/** A manifest as the build writes it; the user-list page needs two chunks. */
function manifest(name: string, metaData: Record<string, unknown>) {
  return {
    id: name,
    name,
    metaData: {
      name,
      globalName: name,
      buildInfo: { buildVersion: '1.0.0', buildName: name },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      ...metaData,
    },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: `${name}:user-list`,
        name: 'user-list',
        path: './user-list',
        assets: { js: { sync: ['53.js', 'user-list.js'], async: [] }, css: { sync: [], async: [] } },
      },
    ],
  };
}

// The runtime keeps global state per remote name and manifest URL: each test gets its own.
let serial = 0;

/**
 * A host runtime whose `users<n>` remote is registered at http://users.test/app<n>/ and serves
 * `metaData`; records every URL that reaches the script and link loaders (behind the guard when
 * `guarded`) and loads nothing.
 */
function stage(metaData: Record<string, unknown>, { guarded = true } = {}) {
  serial += 1;
  const name = `users${serial}`;
  const folder = `http://users.test/app${serial}/`;
  const loaded: string[] = [];
  const fetched: string[] = [];
  const server: ModuleFederationRuntimePlugin = {
    name: 'test-server',
    fetch(url) {
      fetched.push(url);
      return Promise.resolve(respond(manifest(name, metaData)));
    },
    createScript({ url }) {
      loaded.push(url);
      throw new Error('nothing runs in this test');
    },
    createLink({ url }) {
      loaded.push(url);
      throw new Error('nothing runs in this test');
    },
  };
  const instance = createInstance({
    name: `host${serial}`,
    remotes: [{ name, entry: `${folder}mf-manifest.json` }],
    plugins: guarded ? [originGuard, server] : [server],
  });
  return { instance, folder, loaded, fetched, load: () => instance.loadRemote(`${name}/user-list`) };
}

/** The guard's hooks, bound to a host runtime whose one remote is at http://users.test. */
function guardHooks() {
  const { instance } = stage({ publicPath: 'auto' });
  const { createScript, createLink, fetch } = originGuard.apply?.(instance) ?? {};
  if (!createScript || !createLink || !fetch) throw new Error('the guard lacks a hook');
  return { instance, createScript, createLink, fetch };
}

describe('originGuard: the federation runtime loads code only from registered origins', () => {
  it('lets the registered origin through: with "auto", the entry and the page chunks load from the manifest folder', async () => {
    const { load, loaded, fetched, folder } = stage({ publicPath: 'auto' });
    await expect(load()).rejects.toThrow(/nothing runs in this test/);
    expect(fetched).toEqual([`${folder}mf-manifest.json`]);
    expect(loaded.sort()).toEqual([`${folder}53.js`, `${folder}remoteEntry.js`, `${folder}user-list.js`]);
  });

  it('refuses a remote entry and chunks on another origin before the loaders see them', async () => {
    const { load, loaded } = stage({ publicPath: 'http://evil.test/' });
    await expect(load()).rejects.toThrow('http://evil.test/remoteEntry.js is not on a registered origin');
    expect(loaded).toEqual([]);
    expect([...document.querySelectorAll('script, link')].map((el) => el.outerHTML)).toEqual([]);
  });

  it('refuses an ESM remote entry on another origin too (loaded by import(), no script element)', async () => {
    const { load, loaded } = stage({
      publicPath: 'http://evil.test/',
      remoteEntry: { name: 'remoteEntry.mjs', path: '', type: 'module' },
    });
    await expect(load()).rejects.toThrow('http://evil.test/remoteEntry.mjs is not on a registered origin');
    expect(loaded).toEqual([]);
  });

  it('refuses an off-origin chunk URL and allows the registered remotes, the host and later registrations', () => {
    const { instance, createScript, createLink } = guardHooks();
    expect(() => createScript({ url: 'http://evil.test/app1/53.js' })).toThrow(
      'http://evil.test/app1/53.js is not on a registered origin',
    );
    expect(() => createLink({ url: '//evil.test/53.css' })).toThrow(/is not on a registered origin/);
    expect(() => createScript({ url: 'http://users.test:8080/53.js' })).toThrow(/registered origin/);
    expect(() => createScript({ url: 'http://users.test/any/53.js' })).not.toThrow();
    expect(() => createScript({ url: `${location.origin}/main.js` })).not.toThrow();
    expect(() => createScript({ url: '/main.js' })).not.toThrow();

    expect(() => createScript({ url: 'http://roles.test/1.js' })).toThrow(/registered origin/);
    instance.registerRemotes([{ name: 'roles', entry: 'http://roles.test/mf-manifest.json' }]);
    expect(() => createScript({ url: 'http://roles.test/1.js' })).not.toThrow();
  });

  it('refuses a manifest fetch from another origin', () => {
    const { fetch } = guardHooks();
    expect(() => fetch('http://evil.test/mf-manifest.json', {})).toThrow(/is not on a registered origin/);
    expect(() => fetch('http://users.test/other/mf-manifest.json', {})).not.toThrow();
  });

  describe("a manifest's getPublicPath", () => {
    const code = "globalThis.__ranManifestCode = true; return 'http://users.test/';";
    afterEach(() => Reflect.deleteProperty(globalThis, '__ranManifestCode'));

    it('is code the runtime runs (why the guard exists)', async () => {
      const { load } = stage({ getPublicPath: code }, { guarded: false });
      await expect(load()).rejects.toThrow(/nothing runs in this test/);
      expect(Reflect.get(globalThis, '__ranManifestCode')).toBe(true);
    });

    it('is refused before it runs', async () => {
      // The runtime also logs a plugin's refusal as a warning.
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { load, loaded } = stage({ getPublicPath: code });
      await expect(load()).rejects.toThrow(/getPublicPath would run as code/);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Federation Runtime/), expect.anything());
      warn.mockRestore();
      expect(Reflect.get(globalThis, '__ranManifestCode')).toBeUndefined();
      expect(loaded).toEqual([]);
    });
  });
});
