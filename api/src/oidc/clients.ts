import type { ClientMetadata } from 'oidc-provider';
import { SSO_PANEL_APP_ID } from '@sso/shared/contract';
import { sql } from 'kysely';
import type { Q } from '../db/store';
import { uriList, type ClientColumns } from './client-row';

/** A row of `oidc_clients` with its application's name and logo. */
export interface OidcClientRow extends ClientColumns {
  application_id: number;
  name: string;
  logo_file: string;
}

export async function findClientRow(q: Q, clientId: string): Promise<OidcClientRow | undefined> {
  const { rows } = await sql<OidcClientRow>`
    SELECT c.application_id, c.client_id, c.client_type, c.secret_hash, c.redirect_uris,
      c.post_logout_redirect_uris, c.backchannel_logout_uri, c.initiate_login_uri, a.name, a.logo_file
    FROM oidc_clients c JOIN applications a ON a.id = c.application_id
    WHERE c.client_id = ${clientId} AND c.application_id <> ${SSO_PANEL_APP_ID}`.execute(q);
  return rows[0];
}

/**
 * The provider's metadata of a client, read from `oidc_clients` on every look-up (no stale copy).
 * Public clients authenticate with nothing and must use PKCE; confidential ones with their secret
 * (basic or post), checked against `secret_hash` (provider.ts replaces the plain comparison).
 * Only the code flow with refresh tokens; app 1 is never a client (it keeps the spec's chain).
 * `initiate_login_uri` stays out: the provider allows only https there, and it is the panel's
 * (Home's "Aplikasi Anda") to use, not the protocol's.
 */
export async function clientMetadataById(
  q: Q,
  clientId: string,
  logoUrl: (file: string) => string,
): Promise<ClientMetadata | undefined> {
  const row = await findClientRow(q, clientId);
  if (!row) return undefined;
  const confidential = row.client_type === 'confidential';
  if (confidential && !row.secret_hash) return undefined;
  return {
    client_id: row.client_id,
    client_name: row.name,
    logo_uri: logoUrl(row.logo_file),
    application_type: 'web',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: uriList(row.redirect_uris),
    post_logout_redirect_uris: uriList(row.post_logout_redirect_uris),
    token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
    ...(confidential && row.secret_hash ? { client_secret: row.secret_hash } : {}),
    ...(row.backchannel_logout_uri
      ? { backchannel_logout_uri: row.backchannel_logout_uri, backchannel_logout_session_required: true }
      : {}),
    id_token_signed_response_alg: 'RS256',
  };
}
