import { SSO_PANEL_APP_ID, type SsoClient, type SsoClientInput } from '@sso/shared/contract';
import type { Q, Store } from '../db/store';
import { conflict, fieldError, notFound } from '../http/errors';
import { generateClientSecret, hashClientSecret } from '../oidc/client-secret';
import { uriList, type ClientColumns } from '../oidc/client-row';

/*
 * "Integrasi SSO": the OpenID Connect client of an application, one row of `oidc_clients` (the
 * table the provider reads on every request, so a change applies at once). Written in the same
 * transaction as the application. The secret leaves the api once, in the answer that made it; only
 * its hash is stored, and nothing here returns the hash.
 */

interface ClientRow extends ClientColumns {
  created_at: string;
  updated_at: string;
}

export const PANEL_HAS_NO_CLIENT =
  'SSO Admin Panel masuk dengan alurnya sendiri dan tidak dapat dijadikan klien SSO';
const NO_CLIENT = 'Integrasi SSO belum diaktifkan untuk aplikasi ini';
const NOT_CONFIDENTIAL = 'Hanya klien confidential yang memiliki secret';

function clientRow(q: Q, appId: number): Promise<ClientRow | undefined> {
  return q
    .selectFrom('oidc_clients')
    .select([
      'client_id',
      'client_type',
      'secret_hash',
      'redirect_uris',
      'post_logout_redirect_uris',
      'backchannel_logout_uri',
      'initiate_login_uri',
      'created_at',
      'updated_at',
    ])
    .where('application_id', '=', appId)
    .executeTakeFirst();
}

/** The client of an application as App Management shows it (no secret, no hash), or null. */
export async function findSsoClient(q: Q, appId: number): Promise<SsoClient | null> {
  const row = await clientRow(q, appId);
  if (!row) return null;
  return {
    client_id: row.client_id,
    client_type: row.client_type,
    redirect_uris: uriList(row.redirect_uris),
    post_logout_redirect_uris: uriList(row.post_logout_redirect_uris),
    backchannel_logout_uri: row.backchannel_logout_uri,
    initiate_login_uri: row.initiate_login_uri,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A client id for a new client: the application's name in lowercase ASCII words joined by dashes
 * ("Aplikasi Gudang" → `aplikasi-gudang`), numbered when taken. Chosen once; a renamed
 * application keeps it (the application's configuration names it).
 */
async function newClientId(q: Q, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'aplikasi';
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const taken = await q
      .selectFrom('oidc_clients')
      .select('client_id')
      .where('client_id', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

/**
 * Writes the client of `payload.sso` inside the caller's transaction: absent keeps it, null removes
 * it, an object creates or updates it. Answers the secret when one was just made (a new
 * confidential client, or a public one made confidential), else undefined.
 */
export async function writeSsoClient(
  q: Q,
  appId: number,
  appName: string,
  input: SsoClientInput | null | undefined,
  now: number,
): Promise<string | undefined> {
  if (input === undefined) return undefined;
  if (input === null) {
    await q.deleteFrom('oidc_clients').where('application_id', '=', appId).execute();
    return undefined;
  }
  if (appId === SSO_PANEL_APP_ID) throw fieldError('sso', PANEL_HAS_NO_CLIENT);
  const at = new Date(now).toISOString();
  const current = await clientRow(q, appId);
  const needsSecret =
    input.client_type === 'confidential' && (current?.client_type !== 'confidential' || !current.secret_hash);
  const secret = needsSecret ? generateClientSecret() : undefined;
  const hash =
    input.client_type === 'public'
      ? null
      : secret
        ? hashClientSecret(secret)
        : (current?.secret_hash ?? null);
  const columns = {
    client_type: input.client_type,
    secret_hash: hash,
    redirect_uris: JSON.stringify(input.redirect_uris),
    post_logout_redirect_uris: JSON.stringify(input.post_logout_redirect_uris),
    backchannel_logout_uri: input.backchannel_logout_uri,
    initiate_login_uri: input.initiate_login_uri,
    updated_at: at,
  };
  if (current) {
    await q.updateTable('oidc_clients').set(columns).where('application_id', '=', appId).execute();
  } else {
    await q
      .insertInto('oidc_clients')
      .values({ ...columns, application_id: appId, client_id: await newClientId(q, appName), created_at: at })
      .execute();
  }
  return secret;
}

/** "Buat ulang secret": a new secret for a confidential client; the old one stops working at once. */
export async function regenerateClientSecret(
  store: Store,
  appId: number,
  now: number,
): Promise<{ client_id: string; client_secret: string }> {
  return store.transaction(async (trx) => {
    const app = await trx.selectFrom('applications').select('id').where('id', '=', appId).executeTakeFirst();
    if (!app) throw notFound('Aplikasi tidak ditemukan');
    const row = await clientRow(trx, appId);
    if (!row) throw conflict(NO_CLIENT);
    if (row.client_type !== 'confidential') throw conflict(NOT_CONFIDENTIAL);
    const secret = generateClientSecret();
    await trx
      .updateTable('oidc_clients')
      .set({ secret_hash: hashClientSecret(secret), updated_at: new Date(now).toISOString() })
      .where('application_id', '=', appId)
      .execute();
    return { client_id: row.client_id, client_secret: secret };
  });
}

/** "URL mulai masuk" of each application that has one (Home's "Aplikasi Anda"). */
export async function initiateLoginUris(q: Q): Promise<Map<number, string>> {
  const rows = await q
    .selectFrom('oidc_clients')
    .select(['application_id as id', 'initiate_login_uri as uri'])
    .where('initiate_login_uri', 'is not', null)
    .execute();
  return new Map(rows.flatMap((row) => (row.uri === null ? [] : [[row.id, row.uri] as const])));
}
