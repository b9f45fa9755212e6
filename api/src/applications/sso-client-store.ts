import { SSO_PANEL_APP_ID, type SsoClient, type SsoClientInput } from '@sso/shared/contract';
import type { Db } from '../db/database';
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

function clientRow(db: Db, appId: number): ClientRow | undefined {
  return db
    .prepare<[number], ClientRow>(
      `SELECT client_id, client_type, secret_hash, redirect_uris, post_logout_redirect_uris,
         backchannel_logout_uri, initiate_login_uri, created_at, updated_at
       FROM oidc_clients WHERE application_id = ?`,
    )
    .get(appId);
}

/** The client of an application as App Management shows it (no secret, no hash), or null. */
export function findSsoClient(db: Db, appId: number): SsoClient | null {
  const row = clientRow(db, appId);
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
function newClientId(db: Db, name: string): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'aplikasi';
  const taken = db.prepare<[string], { n: number }>('SELECT 1 AS n FROM oidc_clients WHERE client_id = ?');
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.get(candidate)) return candidate;
  }
}

/**
 * Writes the client of `payload.sso` inside the caller's transaction: absent keeps it, null removes
 * it, an object creates or updates it. Answers the secret when one was just made (a new
 * confidential client, or a public one made confidential), else undefined.
 */
export function writeSsoClient(
  db: Db,
  appId: number,
  appName: string,
  input: SsoClientInput | null | undefined,
  now: number,
): string | undefined {
  if (input === undefined) return undefined;
  if (input === null) {
    db.prepare('DELETE FROM oidc_clients WHERE application_id = ?').run(appId);
    return undefined;
  }
  if (appId === SSO_PANEL_APP_ID) throw fieldError('sso', PANEL_HAS_NO_CLIENT);
  const at = new Date(now).toISOString();
  const current = clientRow(db, appId);
  const needsSecret =
    input.client_type === 'confidential' && (current?.client_type !== 'confidential' || !current.secret_hash);
  const secret = needsSecret ? generateClientSecret() : undefined;
  const hash =
    input.client_type === 'public'
      ? null
      : secret
        ? hashClientSecret(secret)
        : (current?.secret_hash ?? null);
  const uris = [
    JSON.stringify(input.redirect_uris),
    JSON.stringify(input.post_logout_redirect_uris),
    input.backchannel_logout_uri,
    input.initiate_login_uri,
  ] as const;
  if (current) {
    db.prepare(
      `UPDATE oidc_clients SET client_type = ?, secret_hash = ?, redirect_uris = ?,
         post_logout_redirect_uris = ?, backchannel_logout_uri = ?, initiate_login_uri = ?, updated_at = ?
       WHERE application_id = ?`,
    ).run(input.client_type, hash, ...uris, at, appId);
  } else {
    db.prepare(
      `INSERT INTO oidc_clients (application_id, client_id, client_type, secret_hash, redirect_uris,
         post_logout_redirect_uris, backchannel_logout_uri, initiate_login_uri, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(appId, newClientId(db, appName), input.client_type, hash, ...uris, at, at);
  }
  return secret;
}

/** "Buat ulang secret": a new secret for a confidential client; the old one stops working at once. */
export function regenerateClientSecret(
  db: Db,
  appId: number,
  now: number,
): { client_id: string; client_secret: string } {
  return db.transaction(() => {
    if (!db.prepare('SELECT 1 FROM applications WHERE id = ?').get(appId)) {
      throw notFound('Aplikasi tidak ditemukan');
    }
    const row = clientRow(db, appId);
    if (!row) throw conflict(NO_CLIENT);
    if (row.client_type !== 'confidential') throw conflict(NOT_CONFIDENTIAL);
    const secret = generateClientSecret();
    db.prepare('UPDATE oidc_clients SET secret_hash = ?, updated_at = ? WHERE application_id = ?').run(
      hashClientSecret(secret),
      new Date(now).toISOString(),
      appId,
    );
    return { client_id: row.client_id, client_secret: secret };
  })();
}

/** "URL mulai masuk" of each application that has one (Home's "Aplikasi Anda"). */
export function initiateLoginUris(db: Db): Map<number, string> {
  const rows = db
    .prepare<[], { id: number; uri: string }>(
      'SELECT application_id AS id, initiate_login_uri AS uri FROM oidc_clients WHERE initiate_login_uri IS NOT NULL',
    )
    .all();
  return new Map(rows.map((row) => [row.id, row.uri]));
}
