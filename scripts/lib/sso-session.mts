// The panel's one login chain and session key for the Node side of the project (e2e support,
// screenshots, bench): a session made here is the one `@sso/shared/session` stores.
import { signInWithNik, type LoginChainClient } from '@sso/shared/api';
import { SESSION_KEY, type Session } from '@sso/shared/session';

export { SESSION_KEY, type Session };

/** The chain's HTTP from Node: fetch, each response parsed with its contract schema. */
function fetchClient(apiBase: string): LoginChainClient {
  async function call(method: 'GET' | 'POST', path: string, body: unknown, token: string | undefined) {
    const response = await fetch(apiBase + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }
  return {
    get: async (path, schema, token) => schema.parse(await call('GET', path, undefined, token)),
    post: async (path, body, schema, token) => schema.parse(await call('POST', path, body, token)),
  };
}

/**
 * Signs in with NIK and password through the login chain (login → available-apps → session/create
 * → session/validate → api/me) against the api at `apiBase` (`<origin>/api/v1/sso`), as the panel at
 * `panelOrigin` would. Admin calls use the returned session's `access_token`.
 */
export function signIn(
  apiBase: string,
  panelOrigin: string,
  nik: string,
  password: string,
): Promise<Session> {
  return signInWithNik(fetchClient(apiBase), { nik, password, url: panelOrigin });
}
