// Single sign-on figures of `pnpm bench` (issue 30): the token endpoint (refresh grants, each client
// on its own rotating chain) and userinfo, p50/p95 and requests per second at `concurrency` clients,
// after each client signed in once through the provider as a browser does (authorization request,
// the panel's login token handed to the interaction, the code exchanged with PKCE). Figures only.
import { createHash, randomBytes } from 'node:crypto';

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};
const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

const CLIENT = { id: 'bench', secret: 'bench-secret', redirect: 'http://localhost/bench/callback' };
const basic = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;

/** A browser's cookies (names only; enough for the provider's). */
function jar() {
  const cookies = new Map();
  return {
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

/** One sign-in of `nik` through the provider: its refresh and access tokens. */
async function signIn(origin, apiBase, nik, password) {
  const cookies = jar();
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
  let url = `${origin}/oidc/auth?${params}`;
  let uid = null;
  for (let hop = 0; hop < 5 && uid === null; hop += 1) {
    const next = new URL((await browse(cookies, url)).headers.get('location') ?? '', url);
    uid = next.searchParams.get('sso');
    url = next.href;
  }
  const login = await fetch(`${apiBase}/auth/login/nik`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nik, password }),
  });
  const token = (await login.json()).data.token;
  const handed = await browse(cookies, `${origin}/oidc/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  url = new URL((await handed.json()).data.location, origin).href;
  let code = null;
  for (let hop = 0; hop < 5 && code === null; hop += 1) {
    const next = new URL((await browse(cookies, url)).headers.get('location') ?? '', url);
    code = next.searchParams.get('code');
    url = next.href;
  }
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
