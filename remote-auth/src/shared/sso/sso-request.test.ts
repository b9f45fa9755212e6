import { setRuntimeConfig } from '@sso/shared/federation';
import { clearSsoInteraction, continueToApplication, ssoInteraction } from './sso-request';

/** The few members of a fetch Response the module reads (jsdom has no fetch). */
const answer = (status: number, body: unknown) =>
  Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });

function stubFetch(impl: (url: string, init?: RequestInit) => ReturnType<typeof answer>) {
  const fetchMock = jest.fn(impl);
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, configurable: true, writable: true });
  return fetchMock;
}

beforeEach(() => {
  setRuntimeConfig({ apiBaseUrl: 'http://api.test', remotes: [], productName: 'SSO Admin Panel' });
  clearSsoInteraction();
  window.history.replaceState(null, '', '/login');
});

describe('a sign-in request of another application (?sso=)', () => {
  it('is read from the address, kept for the tab, and a malformed id is ignored', () => {
    window.history.replaceState(null, '', '/login?sso=abc_DEF-123');
    expect(ssoInteraction()).toBe('abc_DEF-123');
    window.history.replaceState(null, '', '/forgot-password');
    expect(ssoInteraction()).toBe('abc_DEF-123');
    clearSsoInteraction();
    window.history.replaceState(null, '', '/login?sso=%3Cscript%3E');
    expect(ssoInteraction()).toBeNull();
  });

  it('hands the login token to that interaction with the browser’s cookies', async () => {
    const fetchMock = stubFetch(() => answer(401, { message: 'Sesi masuk tidak valid' }));
    await expect(continueToApplication('uid1', 'login-token')).rejects.toThrow('Sesi masuk tidak valid');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/oidc/interaction/uid1/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(String(init?.body)).toBe('token=login-token');
  });

  it('forgets a request the api no longer knows (400) and says so in Indonesian', async () => {
    window.history.replaceState(null, '', '/login?sso=stale');
    expect(ssoInteraction()).toBe('stale');
    window.history.replaceState(null, '', '/login');
    stubFetch(() => answer(400, { message: 'Permintaan masuk ini sudah tidak berlaku' }));
    await expect(continueToApplication('stale', 't')).rejects.toThrow(
      'Permintaan masuk ini sudah tidak berlaku',
    );
    expect(ssoInteraction()).toBeNull();
  });
});
