// Single sign-on figures of `pnpm bench` (issue 30): the token endpoint (refresh grants, each client
// on its own rotating chain) and userinfo, p50/p95 and requests per second at `concurrency` clients,
// after each client signed in once through the provider as a browser does (authorization request,
// the panel's login token handed to the interaction, the code exchanged with PKCE). Figures only.
import { createHash, randomBytes } from 'node:crypto';
import { percentile, round } from './bench-figures.mjs';

const CLIENT = { id: 'bench', secret: 'bench-secret', redirect: 'http://localhost/bench/callback' };
const basic = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;

/** A browser's cookies (names only; enough for the provider's), starting with `kept` ones. */
function jar(kept = []) {
  const cookies = new Map(kept);
  return {
    /** The cookie `name` as [name, value], for a new jar (the device cookie a browser keeps). */
    keep: (name) => (cookies.has(name) ? [[name, cookies.get(name)]] : []),
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    take(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';', 1);
        const at = pair.indexOf('=');
        if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

async function browse(cookies, url, init = {}) {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...init.headers, cookie: cookies.header() },
  });
  cookies.take(response);
  return response;
}

/** A fresh authorization request of the `bench` client: its address and PKCE verifier. */
function authorizationRequest(origin) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const params = new URLSearchParams({
    client_id: CLIENT.id,
    response_type: 'code',
    redirect_uri: CLIENT.redirect,
    scope: 'openid profile email phone sso',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  return { url: `${origin}/oidc/auth?${params}`, verifier };
}

/**
 * Follows the provider's redirects from `url` as a browser does, until one carries `param` (the
 * login screen's `sso` or the callback's `code`): that address, or null after a few hops.
 */
async function follow(cookies, url, param) {
  for (let hop = 0; hop < 6; hop += 1) {
    const response = await browse(cookies, url);
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (!location) return null;
    const next = new URL(location, url);
    if (next.searchParams.get(param)) return next;
    url = next.href;
  }
  return null;
}

/**
 * One sign-in of `nik` through the provider, timed in its parts: `toLogin` (the application's
 * redirect to the login screen's address), `hashMs` (the panel's sign-in, the password hash in it),
 * `toCode` (the interaction finished, to the callback with a code). The browser's cookies go on (the
 * panel's device cookie among them: a browser that signed in before is no unknown browser).
 */
async function signInTimed(origin, apiBase, nik, password, cookies = jar()) {
  const request = authorizationRequest(origin);
  const t0 = performance.now();
  const login = await follow(cookies, request.url, 'sso');
  if (!login) throw new Error('the authorization request did not reach the login screen');
  const uid = login.searchParams.get('sso');
  const t1 = performance.now();
  const signedIn = await browse(cookies, `${apiBase}/auth/login/nik`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nik, password }),
  });
  const token = (await signedIn.json()).data?.token;
  if (!token) throw new Error(`the panel's sign-in failed (${signedIn.status})`);
  const t2 = performance.now();
  const handed = await browse(cookies, `${origin}/oidc/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  const resume = new URL((await handed.json()).data.location, origin);
  const callback = await follow(cookies, resume.href, 'code');
  if (!callback) throw new Error('the interaction did not reach the callback with a code');
  const t3 = performance.now();
  return {
    cookies,
    code: callback.searchParams.get('code'),
    verifier: request.verifier,
    toLoginMs: t1 - t0,
    hashMs: t2 - t1,
    toCodeMs: t3 - t2,
  };
}

/** One sign-in of `nik` through the provider: its refresh and access tokens. */
async function signIn(origin, apiBase, nik, password) {
  const { code, verifier } = await signInTimed(origin, apiBase, nik, password);
  const exchanged = await fetch(`${origin}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CLIENT.redirect,
      code_verifier: verifier,
    }),
  });
  return exchanged.json();
}

/** `concurrency` clients repeating `call(client)` for `seconds`: latencies and throughput. */
async function load(clients, seconds, call) {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < end) {
        const t = performance.now();
        if (await call(client)) latencies.push(performance.now() - t);
        else errors += 1;
      }
    }),
  );
  return {
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    rps: round(latencies.length / ((Date.now() - started) / 1000)),
    errors,
  };
}

/** p50/p95 of a list of milliseconds. */
const spread = (ms) => ({ p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)) });

/**
 * Issue 34's round trip: from an application's redirect to the SSO to its callback with a code, at
 * `concurrency` browsers for `seconds` each, (1) for a user already signed in (the provider's session
 * cookie: no form) and (2) for one who signs in (the login screen's address, the panel's sign-in, the
 * interaction finished), that one's password hash reported apart and left out of its round trip.
 */
export async function measureRoundTrip(origin, apiBase, { seconds, concurrency = 10 }) {
  const browsers = [];
  for (let i = 0; i < concurrency; i += 1) {
    browsers.push((await signInTimed(origin, apiBase, '100005', 'password123')).cookies);
  }
  let errors = 0;
  const reasons = new Map();
  const failed = (reason) => {
    errors += 1;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  };
  const signedIn = [];
  let end = Date.now() + seconds * 1000;
  await Promise.all(
    browsers.map(async (cookies) => {
      while (Date.now() < end) {
        const t = performance.now();
        const callback = await follow(cookies, authorizationRequest(origin).url, 'code').catch(() => null);
        if (callback) signedIn.push(performance.now() - t);
        else failed('signed in: no code');
      }
    }),
  );
  const withForm = [];
  const hash = [];
  end = Date.now() + seconds * 1000;
  await Promise.all(
    browsers.map(async (browser) => {
      while (Date.now() < end) {
        try {
          // The same browser without the provider's session: it keeps only the device cookie.
          const fresh = jar(browser.keep('sso_device'));
          const timed = await signInTimed(origin, apiBase, '100005', 'password123', fresh);
          withForm.push(timed.toLoginMs + timed.toCodeMs);
          hash.push(timed.hashMs);
        } catch (error) {
          failed(`signing in: ${error instanceof Error ? error.message : error}`);
        }
      }
    }),
  );
  return {
    concurrency,
    signedIn: { ...spread(signedIn), n: signedIn.length },
    signsIn: { ...spread(withForm), n: withForm.length },
    signInHash: spread(hash),
    errors,
    reasons: Object.fromEntries(reasons),
  };
}

/**
 * `origin`: the api's origin (the issuer is `<origin>/oidc`); `apiBase`: its `/api/v1/sso`. The
 * client `bench` must exist (api/src/oidc/bench-client.ts). Each client is a browser of its own signed
 * in as the seeded 100005 (Admin User, whose role grants application 2).
 */
export async function measureOidc(origin, apiBase, { seconds, concurrency = 10 }) {
  const clients = [];
  for (let i = 0; i < concurrency; i += 1) {
    clients.push(await signIn(origin, apiBase, '100005', 'password123'));
  }
  const token = await load(clients, seconds, async (client) => {
    const response = await fetch(`${origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: client.refresh_token }),
    });
    const body = await response.json();
    if (!response.ok) return false;
    Object.assign(client, body);
    return true;
  });
  const userinfo = await load(clients, seconds, async (client) => {
    const response = await fetch(`${origin}/oidc/me`, {
      headers: { authorization: `Bearer ${client.access_token}` },
    });
    await response.arrayBuffer();
    return response.ok;
  });
  return { concurrency, token, userinfo };
}
