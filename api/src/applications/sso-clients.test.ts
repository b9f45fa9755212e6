import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  applicationDetailResponseSchema,
  applicationListResponseSchema,
  applicationSavedResponseSchema,
  auditActivity,
  auditListResponseSchema,
  auditPaths,
  availableAppSchema,
  envelope,
  clientSecretResponseSchema,
  paths,
  type ApplicationDetail,
  type ApplicationPayload,
  type SsoClientPayload,
} from '@sso/shared/contract';
import { hashClientSecret, verifyClientSecret } from '../oidc/client-secret';
import { createApplicationPayload } from '../test-support/factories';
import { MODIFIER, VIEWER, call, callRoot, expectError, expectOk, openSession } from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';
import { readRow, readRows } from '../test-support/test-rows';

const t = useAdminTestApp();

/** available-apps as Home's "Aplikasi Anda" reads it (the login chain's schema leaves the field out). */
const yourAppsResponseSchema = envelope(
  z.array(availableAppSchema.extend({ initiate_login_uri: z.string().nullable() })),
);

const confidential = (overrides: Partial<SsoClientPayload> = {}): SsoClientPayload => ({
  client_type: 'confidential',
  redirect_uris: ['https://gudang.example.com/callback'],
  post_logout_redirect_uris: ['https://gudang.example.com/'],
  backchannel_logout_uri: 'https://gudang.example.com/backchannel-logout',
  initiate_login_uri: 'https://gudang.example.com/login',
  ...overrides,
});

const create = (body: unknown, token = t.token) =>
  call(t.app, 'POST', paths.applications.create, { token, body });
const update = (id: number, body: unknown, token = t.token) =>
  call(t.app, 'PATCH', paths.applications.update(id), { token, body });
const regenerate = (id: number | string, token = t.token) =>
  call(t.app, 'POST', paths.applications.regenerateSecret(id), { token });
const detail = async (id: number, token = t.token) =>
  expectOk(
    await call(t.app, 'GET', paths.applications.detail(id), { token }),
    applicationDetailResponseSchema,
  ).data;
const createOk = async (overrides: Partial<ApplicationPayload> = {}) =>
  expectOk(await create(createApplicationPayload(overrides)), applicationSavedResponseSchema, 201).data;

const payloadOf = (app: ApplicationDetail, sso?: SsoClientPayload | null): ApplicationPayload => ({
  name: app.name,
  descriptions: app.descriptions,
  url: app.url,
  menus: app.menus.map((m) => ({
    id: m.id,
    name: m.name,
    children: m.menu.map((c) => ({ id: c.id, name: c.name })),
  })),
  ...(sso === undefined ? {} : { sso }),
});

/** The stored row, read from the database (the provider's view of the client). */
const storedClient = (appId: number) =>
  readRow(
    t,
    sql<{ client_id: string; client_type: string; secret_hash: string | null; redirect_uris: string }>`
      SELECT client_id, client_type, secret_hash, redirect_uris FROM oidc_clients WHERE application_id = ${appId}`,
  );

const allAuditText = async (): Promise<string> =>
  JSON.stringify(await readRows(t, sql`SELECT * FROM audit_events`));

describe('client-secret module (shared with the provider)', () => {
  it('hashes as sha256$ + lowercase hex, verifies in constant time, generates 32 random bytes base64url', () => {
    expect(hashClientSecret('hris-demo-secret')).toBe(
      'sha256$' + createHash('sha256').update('hris-demo-secret').digest('hex'),
    );
    const stored = hashClientSecret('abc');
    expect(verifyClientSecret('abc', stored)).toBe(true);
    expect(verifyClientSecret('abd', stored)).toBe(false);
    expect(verifyClientSecret('abc', 'plain-abc')).toBe(false);
    expect(verifyClientSecret('abc', 'sha256$00')).toBe(false);
  });
});

describe('Integrasi SSO: URI validation (api side of the shared contract)', () => {
  const https = 'Redirect URI harus diawali https:// (http:// hanya untuk localhost)';
  it.each([
    ['redirect_uris.0', { redirect_uris: ['http://gudang.example.com/callback'] }, https],
    ['redirect_uris.0', { redirect_uris: ['ftp://gudang.example.com/cb'] }, https],
    [
      'redirect_uris.0',
      { redirect_uris: ['https://gudang.example.com/cb#top'] },
      'Redirect URI tidak boleh berisi fragmen (#)',
    ],
    [
      'redirect_uris.0',
      { redirect_uris: ['https://*.example.com/cb'] },
      'Redirect URI tidak boleh berisi wildcard (*)',
    ],
    [
      'redirect_uris.0',
      { redirect_uris: ['/callback'] },
      'Redirect URI harus berupa alamat lengkap, mis. https://aplikasi.perusahaan.co.id/callback',
    ],
    [
      'redirect_uris.0',
      { redirect_uris: ['https://user:pw@gudang.example.com/cb'] },
      'Redirect URI tidak boleh berisi nama pengguna atau password',
    ],
    [
      'redirect_uris.0',
      { redirect_uris: ['https://gudang.example.com/a b'] },
      'Redirect URI tidak boleh berisi spasi',
    ],
    ['redirect_uris', { redirect_uris: [] }, 'Minimal satu Redirect URI'],
    [
      'redirect_uris.1',
      { redirect_uris: ['https://gudang.example.com/cb', 'https://gudang.example.com/cb'] },
      'Redirect URI tercantum lebih dari sekali',
    ],
    [
      'post_logout_redirect_uris.0',
      { post_logout_redirect_uris: ['http://10.0.0.5/'] },
      'Redirect URI setelah logout harus diawali https:// (http:// hanya untuk localhost)',
    ],
    [
      'backchannel_logout_uri',
      { backchannel_logout_uri: 'https://gudang.example.com/bc#x' },
      'URL logout back-channel tidak boleh berisi fragmen (#)',
    ],
    [
      'initiate_login_uri',
      { initiate_login_uri: 'http://gudang.example.com/login' },
      'URL mulai masuk harus diawali https:// (http:// hanya untuk localhost)',
    ],
    ['client_type', { client_type: 'implicit' as never }, 'Pilih jenis klien: confidential atau public'],
  ])('%s: %j → %s', async (field, overrides, message) => {
    const reply = await create(createApplicationPayload({ sso: confidential(overrides) }));
    const body = expectError(reply, 422);
    expect(body.errors?.[`sso.${field}`]).toBe(message);
  });

  it('accepts http for localhost, 127.0.0.1 and [::1], a query string, and blank optional URIs as none', async () => {
    const app = await createOk({
      sso: confidential({
        redirect_uris: ['http://localhost:3101/callback', 'http://127.0.0.1:8080/cb?x=1', 'http://[::1]/cb'],
        backchannel_logout_uri: '',
        initiate_login_uri: '  ',
      }),
    });
    expect(app.sso).toMatchObject({
      redirect_uris: ['http://localhost:3101/callback', 'http://127.0.0.1:8080/cb?x=1', 'http://[::1]/cb'],
      backchannel_logout_uri: null,
      initiate_login_uri: null,
    });
  });

  it('keeps a URI exactly as typed (no trailing slash added, no case change)', async () => {
    const app = await createOk({
      sso: confidential({ redirect_uris: ['https://Gudang.example.com/Callback'] }),
    });
    expect((await storedClient(app.id))?.redirect_uris).toBe('["https://Gudang.example.com/Callback"]');
  });

  it('a refused client writes nothing: not the application either', async () => {
    const payload = createApplicationPayload({
      sso: confidential({ redirect_uris: ['http://x.example.com/'] }),
    });
    expectError(await create(payload), 422);
    const list = await call(t.app, 'GET', paths.applications.list, {
      token: t.token,
      query: { keyword: String(payload.name) },
    });
    expect(expectOk(list, applicationListResponseSchema).meta.total).toBe(0);
  });
});

describe('Integrasi SSO: the client and its secret', () => {
  it('a confidential client answers its secret once at creation; only its SHA-256 hash is stored', async () => {
    const app = await createOk({ name: 'Aplikasi Gudang Pusat', sso: confidential() });
    expect(app.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(app.sso).toMatchObject({ client_id: 'aplikasi-gudang-pusat', client_type: 'confidential' });
    const row = await storedClient(app.id);
    expect(row?.secret_hash).toBe(hashClientSecret(app.client_secret ?? ''));
    expect(verifyClientSecret(app.client_secret ?? '', row?.secret_hash ?? '')).toBe(true);

    // Read again: the client, never the secret nor the hash.
    const read = await call(t.app, 'GET', paths.applications.detail(app.id), { token: t.token });
    expect(read.body).not.toContain(app.client_secret);
    expect(read.body).not.toContain('sha256$');
    // Saved again unchanged: no new secret, the same hash.
    const again = expectOk(
      await update(app.id, payloadOf(await detail(app.id), confidential())),
      applicationSavedResponseSchema,
    );
    expect(again.data.client_secret).toBeUndefined();
    expect((await storedClient(app.id))?.secret_hash).toBe(row?.secret_hash);
  });

  it('"Buat ulang secret" answers a new secret once; the old one stops verifying at once', async () => {
    const app = await createOk({ sso: confidential() });
    const first = app.client_secret ?? '';
    const reply = expectOk(await regenerate(app.id), clientSecretResponseSchema);
    expect(reply.data.client_id).toBe(app.sso?.client_id);
    expect(reply.data.client_secret).not.toBe(first);
    const hash = (await storedClient(app.id))?.secret_hash ?? '';
    expect(verifyClientSecret(reply.data.client_secret, hash)).toBe(true);
    expect(verifyClientSecret(first, hash)).toBe(false);
  });

  it('a public client has no secret (PKCE); made confidential it gets one; made public it loses it', async () => {
    const app = await createOk({ sso: confidential({ client_type: 'public' }) });
    expect(app.client_secret).toBeUndefined();
    expect((await storedClient(app.id))?.secret_hash).toBeNull();
    expect(expectError(await regenerate(app.id), 409).message).toBe(
      'Hanya klien confidential yang memiliki secret',
    );

    const made = expectOk(
      await update(app.id, payloadOf(app, confidential())),
      applicationSavedResponseSchema,
    ).data;
    expect(made.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await storedClient(app.id))?.secret_hash).toBe(hashClientSecret(made.client_secret ?? ''));

    await update(app.id, payloadOf(app, confidential({ client_type: 'public' })));
    expect(await storedClient(app.id)).toMatchObject({ client_type: 'public', secret_hash: null });
  });

  it('the client id is chosen once from the name, numbered when taken, kept on rename', async () => {
    const a = await createOk({ name: 'Gudang Timur', sso: confidential() });
    const b = await createOk({ name: 'Gudang-Timur', sso: confidential() });
    expect(a.sso?.client_id).toBe('gudang-timur');
    expect(b.sso?.client_id).toBe('gudang-timur-2');
    const renamed = expectOk(
      await update(a.id, { ...payloadOf(a, confidential()), name: 'Gudang Barat' }),
      applicationSavedResponseSchema,
    ).data;
    expect(renamed.sso?.client_id).toBe('gudang-timur');
  });

  it('an absent `sso` keeps the client, null removes it, deleting the application deletes it', async () => {
    const app = await createOk({ sso: confidential() });
    await update(app.id, payloadOf(app));
    expect(await storedClient(app.id)).toBeDefined();
    await update(app.id, payloadOf(app, null));
    expect(await storedClient(app.id)).toBeUndefined();
    expect((await detail(app.id)).sso).toBeNull();

    const other = await createOk({ sso: confidential() });
    expect(await storedClient(other.id)).toBeDefined();
    expect(
      (await call(t.app, 'DELETE', paths.applications.remove(other.id), { token: t.token })).statusCode,
    ).toBe(200);
    expect(await storedClient(other.id)).toBeUndefined();
  });

  it('app 1 (this panel) has no client: it keeps the spec chain', async () => {
    const panel = await detail(1);
    expect(panel.sso).toBeNull();
    const body = expectError(await update(1, payloadOf(panel, confidential())), 422);
    expect(body.errors?.sso).toBe(
      'SSO Admin Panel masuk dengan alurnya sendiri dan tidak dapat dijadikan klien SSO',
    );
    expect(expectError(await regenerate(1), 409).message).toBe(
      'Integrasi SSO belum diaktifkan untuk aplikasi ini',
    );
  });

  it('an unknown application is 404; a malformed id is 404', async () => {
    expectError(await regenerate(999999), 404);
    expectError(await regenerate('0x10'), 404);
  });
});

describe('Integrasi SSO: privilege (App Management levels)', () => {
  it('a viewer reads the client but cannot change it or make a secret (403); a modifier can', async () => {
    const app = await createOk({ sso: confidential() });
    const viewer = (await openSession(t.app, VIEWER)).accessToken;
    expect((await detail(app.id, viewer)).sso?.client_id).toBe(app.sso?.client_id);
    expect((await regenerate(app.id, viewer)).statusCode).toBe(403);
    expect((await update(app.id, payloadOf(app, null), viewer)).statusCode).toBe(403);
    expect(await storedClient(app.id)).toBeDefined();

    const modifier = (await openSession(t.app, MODIFIER)).accessToken;
    expect(
      expectOk(await regenerate(app.id, modifier), clientSecretResponseSchema).data.client_secret,
    ).toBeTruthy();
    const created = expectOk(
      await create(createApplicationPayload({ sso: confidential() }), modifier),
      applicationSavedResponseSchema,
      201,
    );
    expect(created.data.client_secret).toBeTruthy();
  });

  it('a login token, or no token, is 401 for "Buat ulang secret"', async () => {
    const app = await createOk({ sso: confidential() });
    expect((await regenerate(app.id, t.loginToken)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', paths.applications.regenerateSecret(app.id))).statusCode).toBe(401);
  });
});

describe('Integrasi SSO: Log Aktivitas (never a secret)', () => {
  const newest = async (action: string) => {
    const reply = await call(t.app, 'GET', auditPaths.list, {
      token: t.token,
      query: { action, perPage: '1' },
    });
    const [event] = expectOk(reply, auditListResponseSchema).data;
    if (!event) throw new Error(`no ${action} event`);
    return event;
  };

  it('creation, URI edits and a new secret are recorded with the client settings, and no secret or hash', async () => {
    const app = await createOk({ name: 'Aplikasi Audit SSO', sso: confidential() });
    const created = await newest('application.create');
    expect(created.changes).toContainEqual({
      field: 'SSO Client ID',
      before: null,
      after: 'aplikasi-audit-sso',
    });
    expect(created.changes).toContainEqual({ field: 'SSO Jenis klien', before: null, after: 'Confidential' });

    await update(
      app.id,
      payloadOf(
        app,
        confidential({
          redirect_uris: ['https://gudang.example.com/callback', 'https://gudang.example.com/cb2'],
        }),
      ),
    );
    const edited = await newest('application.update');
    expect(edited.changes).toContainEqual({
      field: 'SSO Redirect URI',
      before: 'https://gudang.example.com/callback',
      after: 'https://gudang.example.com/callback, https://gudang.example.com/cb2',
    });

    const secret = expectOk(await regenerate(app.id), clientSecretResponseSchema).data.client_secret;
    const regenerated = await newest('application.secret');
    expect(regenerated).toMatchObject({
      target_type: 'application',
      target_id: String(app.id),
      result: 'done',
    });
    expect(auditActivity(regenerated)).toBe('Membuat ulang secret SSO aplikasi Aplikasi Audit SSO');

    const hash = (await storedClient(app.id))?.secret_hash ?? '';
    const text = await allAuditText();
    for (const leaked of [app.client_secret ?? '', secret, hash, hash.slice('sha256$'.length)]) {
      expect(leaked.length).toBeGreaterThan(20);
      expect(text).not.toContain(leaked);
    }
    expect(text).not.toContain('sha256$');
  });

  it('a refused "Buat ulang secret" is recorded as refused', async () => {
    const app = await createOk({ sso: confidential() });
    const viewer = (await openSession(t.app, VIEWER)).accessToken;
    await regenerate(app.id, viewer);
    const event = await newest('application.secret');
    expect(event).toMatchObject({ result: 'refused', status: 403, actor_nik: VIEWER.nik });
  });
});

describe('Home "Aplikasi Anda": available-apps names the initiate-login URI', () => {
  it('lists the granted applications with the "URL mulai masuk" of their client, null otherwise', async () => {
    const app = await createOk({ sso: confidential() });
    const reply = await call(t.app, 'GET', paths.session.availableApps, { token: t.loginToken });
    const apps = expectOk(reply, yourAppsResponseSchema).data;
    // The administrator's role holds every application it adds (ADR 0013).
    const initiate = new URL(apps.find((a) => a.id === app.id)?.initiate_login_uri ?? 'about:blank');
    expect(`${initiate.origin}${initiate.pathname}`).toBe('https://gudang.example.com/login');
    // The `iss` of a login initiated by a third party: this provider's issuer, as discovery names it.
    const discovery = await callRoot(t.app, 'GET', '/oidc/.well-known/openid-configuration');
    expect(initiate.searchParams.get('iss')).toBe((discovery.json() as { issuer: string }).issuer);
    expect(apps.find((a) => a.id === 1)?.initiate_login_uri).toBeNull();
  });
});
