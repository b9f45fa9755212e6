import type { ClientMetadata } from 'oidc-provider';
import { SSO_PANEL_APP_ID } from '@sso/shared/contract';
import type { Db } from '../db/database';
import { statementCache } from '../db/statements';
import { uriList, type ClientColumns } from './client-row';

/** A row of `oidc_clients` with its application's name and logo. */
export interface OidcClientRow extends ClientColumns {
  application_id: number;
  name: string;
  logo_file: string;
}

const byClientId = statementCache<[string, number], OidcClientRow>();

export function findClientRow(db: Db, clientId: string): OidcClientRow | undefined {
  return byClientId(
    db,
    `SELECT c.application_id, c.client_id, c.client_type, c.secret_hash, c.redirect_uris,
       c.post_logout_redirect_uris, c.backchannel_logout_uri, c.initiate_login_uri, a.name, a.logo_file
     FROM oidc_clients c JOIN applications a ON a.id = c.application_id
     WHERE c.client_id = ? AND c.application_id <> ?`,
  ).get(clientId, SSO_PANEL_APP_ID);
}

/**
 * The provider's metadata of a client, read from `oidc_clients` on every look-up (no stale copy).
 * Public clients authenticate with nothing and must use PKCE; confidential ones with their secret
 * (basic or post), checked against `secret_hash` (provider.ts replaces the plain comparison).
 * Only the code flow with refresh tokens; app 1 is never a client (it keeps the spec's chain).
 * `initiate_login_uri` stays out: the provider allows only https there, and it is the panel's
 * (Home's "Aplikasi Anda") to use, not the protocol's.
 */
export function clientMetadataById(
  db: Db,
  clientId: string,
  logoUrl: (file: string) => string,
): ClientMetadata | undefined {
  const row = findClientRow(db, clientId);
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
