import { loadConfig } from './load-config';

const valid = {
  apiBaseUrl: 'http://localhost:4000',
  remotes: [{ name: 'users', entry: 'http://localhost:3002/mf-manifest.json' }],
};

function mockFetch(body: unknown, ok = true) {
  const fetchMock = jest
    .fn()
    .mockResolvedValue({ ok, status: ok ? 200 : 500, json: () => Promise.resolve(body) });
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, configurable: true, writable: true });
  return fetchMock;
}

test('reads the registry and the api origin, with the default product name', async () => {
  mockFetch(valid);
  await expect(loadConfig()).resolves.toEqual({ ...valid, productName: 'SSO Admin Panel' });
});

describe('with the early fetch of index.html', () => {
  afterEach(() => {
    delete window.__ssoEarly;
  });

  test('uses it, once', async () => {
    const fetchMock = mockFetch({ ...valid, productName: 'Dari fetch' });
    window.__ssoEarly = { config: Promise.resolve(JSON.stringify(valid)), manifests: Promise.resolve({}) };
    await expect(loadConfig()).resolves.toEqual({ ...valid, productName: 'SSO Admin Panel' });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(loadConfig()).resolves.toMatchObject({ productName: 'Dari fetch' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('fetches again when it failed', async () => {
    const fetchMock = mockFetch(valid);
    window.__ssoEarly = { config: Promise.reject(new Error('offline')) };
    await expect(loadConfig()).resolves.toEqual({ ...valid, productName: 'SSO Admin Panel' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

test.each([
  ['a non-http api origin', { ...valid, apiBaseUrl: 'javascript:alert(1)' }],
  [
    'a remote entry on a non-http scheme',
    { ...valid, remotes: [{ name: 'users', entry: 'file:///etc/passwd' }] },
  ],
  ['a bad remote name', { ...valid, remotes: [{ name: '../x', entry: 'http://a/mf-manifest.json' }] }],
  ['not an object', 'nope'],
])('refuses %s', async (_label, body) => {
  mockFetch(body);
  await expect(loadConfig()).rejects.toThrow();
});

test('refuses an HTTP error', async () => {
  mockFetch({}, false);
  await expect(loadConfig()).rejects.toThrow('config 500');
});
