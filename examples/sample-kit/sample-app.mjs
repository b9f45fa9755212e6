// What both sample applications (HRIS, Inventory) are made of: a relying party signing in through
// the SSO (OpenID Connect, code flow with PKCE) with openid-client, a certified relying-party library,
// showing the user's claims and menus, signing out and honouring back-channel logout. Each sample's
// server.mjs names itself and starts it. docs/single-sign-on.md: how to run them.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';

const SCOPE = 'openid profile email phone sso';
const LEVELS = { 1: 'Owner', 2: 'Modifier', 3: 'Viewer' };
const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/**
 * Starts a sample application on `port`: `name` in its pages, `color` its header's, `clientId` and
 * `cookie` its own; with `clientSecret` a confidential client (the token endpoint called with the
 * secret), without one a public client (PKCE alone binds the code to the sign-in).
 */
export function startSampleApp(app) {
  const ORIGIN = process.env.APP_ORIGIN ?? `http://localhost:${app.port}`;
  const REDIRECT_URI = `${ORIGIN}/callback`;

  /** The provider's metadata, discovered on first use (the api may start after this app). */
  let config;
  async function provider() {
    config ??= await client.discovery(
      new URL(app.issuer),
      app.clientId,
      undefined,
      app.clientSecret ? client.ClientSecretBasic(app.clientSecret) : client.None(),
      // Plain http is for the local demo only; production issuers are https.
      app.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    return config;
  }

  /** Signed-in browsers (a sample keeps them in memory; a real application uses its own store). */
  const sessions = new Map();
  /** Sign-ins under way: state → { verifier, nonce }. */
  const pending = new Map();

  function page(res, status, body) {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; form-action 'self'",
    });
    res.end(`<!DOCTYPE html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${app.name}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f6f7fb;color:#1f2937}header{background:${app.color};color:#fff;padding:16px 24px;display:flex;justify-content:space-between;align-items:center}main{max-width:720px;margin:24px auto;padding:0 16px}section{background:#fff;border-radius:10px;padding:20px;margin-bottom:16px;box-shadow:0 1px 4px rgba(0,0,0,.06)}a.button{display:inline-block;background:${app.color};color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600}header a{color:#fff}li{margin:4px 0}</style></head>
<body><header><strong>${app.name}</strong>${body.nav ?? ''}</header><main>${body.main}</main></body></html>`);
  }

  function cookieOf(req) {
    const match = (req.headers.cookie ?? '').split(/;\s*/).find((c) => c.startsWith(`${app.cookie}=`));
    return match?.slice(app.cookie.length + 1);
  }

  function menuList(menus) {
    if (!menus?.length) return '<p>Tidak ada menu.</p>';
    const item = (m) =>
      `<li>${escape(m.name)} — <span data-level="${m.access_level}">${LEVELS[m.access_level] ?? m.access_level} (${m.access_level})</span>${
        m.children?.length ? `<ul>${m.children.map(item).join('')}</ul>` : ''
      }</li>`;
    return `<ul aria-label="Menu ${app.name}">${menus.map(item).join('')}</ul>`;
  }

  /** The user's claims, fresh from userinfo; the refresh token renews an expired access token. */
  async function currentClaims(session) {
    const cfg = await provider();
    try {
      return await client.fetchUserInfo(cfg, session.tokens.access_token, session.sub);
    } catch {
      const tokens = await client.refreshTokenGrant(cfg, session.tokens.refresh_token);
      session.tokens = { ...session.tokens, ...tokens };
      return client.fetchUserInfo(cfg, tokens.access_token, session.sub);
    }
  }

  async function home(req, res) {
    const id = cookieOf(req);
    const session = id ? sessions.get(id) : undefined;
    if (!session) {
      const ended = new URL(req.url, ORIGIN).searchParams.has('berakhir');
      return page(res, 200, {
        main: `<section><h1>Selamat datang di ${app.name}</h1>${
          ended ? '<p role="status">Sesi SSO Anda sudah berakhir. Silakan masuk kembali.</p>' : ''
        }<p><a class="button" href="/login">Masuk dengan SSO</a></p></section>`,
      });
    }
    let claims;
    try {
      claims = await currentClaims(session);
    } catch {
      // The SSO ended this session (logout, deactivation): the refresh token is refused too.
      sessions.delete(id);
      res.writeHead(303, { location: '/?berakhir=1' });
      return res.end();
    }
    return page(res, 200, {
      nav: '<a href="/logout">Keluar</a>',
      main: `<section><h1>Halo, <span data-testid="user-name">${escape(claims.name)}</span></h1>
<p>NIK ${escape(claims.preferred_username)} · Role <strong data-testid="user-role">${escape(claims.role?.name ?? '-')}</strong></p></section>
<section><h2>Menu ${app.name}</h2>${menuList(claims.menus)}</section>`,
    });
  }

  async function login(req, res) {
    // A sign-in started from the SSO's "Aplikasi Anda" names its issuer (OpenID Connect Core 1.0,
    // section 4): only ours may start one.
    const iss = new URL(req.url, ORIGIN).searchParams.get('iss');
    if (iss !== null && iss !== app.issuer) {
      return page(res, 400, {
        main: `<section><h1>Permintaan masuk ditolak</h1><p>Penerbit ${escape(iss)} tidak dikenal oleh ${escape(app.name)}.</p><p><a href="/">Kembali</a></p></section>`,
      });
    }
    const cfg = await provider();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    pending.set(state, { verifier, nonce });
    const url = client.buildAuthorizationUrl(cfg, {
      redirect_uri: REDIRECT_URI,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    res.writeHead(303, { location: url.href });
    res.end();
  }

  async function callback(req, res) {
    const url = new URL(req.url, ORIGIN);
    const state = url.searchParams.get('state') ?? '';
    const started = pending.get(state);
    pending.delete(state);
    if (url.searchParams.get('error')) {
      return page(res, 403, {
        main: `<section><h1>Tidak dapat masuk</h1><p data-testid="error">${escape(url.searchParams.get('error'))}</p><p>${escape(
          url.searchParams.get('error_description') ?? '',
        )}</p><p><a href="/">Kembali</a></p></section>`,
      });
    }
    if (!started)
      return page(res, 400, {
        main: '<section><h1>Permintaan masuk tidak dikenal</h1><p><a href="/">Kembali</a></p></section>',
      });
    const tokens = await client.authorizationCodeGrant(await provider(), url, {
      pkceCodeVerifier: started.verifier,
      expectedState: state,
      expectedNonce: started.nonce,
    });
    const claims = tokens.claims();
    const id = randomBytes(24).toString('base64url');
    sessions.set(id, { tokens, sub: claims.sub, sid: claims.sid, idToken: tokens.id_token });
    res.writeHead(303, {
      location: '/',
      'set-cookie': `${app.cookie}=${id}; Path=/; HttpOnly; SameSite=Lax`,
    });
    res.end();
  }

  async function logout(req, res) {
    const id = cookieOf(req);
    const session = id ? sessions.get(id) : undefined;
    if (id) sessions.delete(id);
    const url = client.buildEndSessionUrl(await provider(), {
      post_logout_redirect_uri: `${ORIGIN}/`,
      ...(session ? { id_token_hint: session.idToken } : { client_id: app.clientId }),
    });
    res.writeHead(303, { location: url.href, 'set-cookie': `${app.cookie}=; Path=/; Max-Age=0` });
    res.end();
  }

  /** OpenID Connect Back-Channel Logout 1.0: the SSO tells us a session ended; we drop it. */
  async function backchannelLogout(req, res) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const token = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('logout_token') ?? '';
    try {
      const cfg = await provider();
      const meta = cfg.serverMetadata();
      const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(meta.jwks_uri)), {
        issuer: meta.issuer,
        audience: app.clientId,
        maxTokenAge: '2 minutes',
      });
      if (!payload.events?.['http://schemas.openid.net/event/backchannel-logout'] || 'nonce' in payload) {
        throw new Error('not a logout token');
      }
      for (const [id, session] of sessions) {
        if ((payload.sid && session.sid === payload.sid) || (!payload.sid && session.sub === payload.sub)) {
          sessions.delete(id);
        }
      }
      res.writeHead(200, { 'cache-control': 'no-store' });
      res.end();
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'invalid_request' }));
    }
  }

  const routes = {
    'GET /': home,
    'GET /login': login,
    'GET /callback': callback,
    'GET /logout': logout,
    'POST /backchannel-logout': backchannelLogout,
  };

  return createServer((req, res) => {
    const path = new URL(req.url, ORIGIN).pathname;
    const handler = routes[`${req.method} ${path}`];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Halaman tidak ditemukan');
    }
    handler(req, res).catch((error) => {
      console.error(`[${app.name}]`, error);
      page(res, 502, {
        main: `<section><h1>SSO tidak dapat dihubungi</h1><p>${escape(error.message)}</p><p><a href="/">Coba lagi</a></p></section>`,
      });
    });
  }).listen(app.port, () => console.log(`[${app.name}] http://localhost:${app.port} (issuer ${app.issuer})`));
}
