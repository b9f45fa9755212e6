import type { Db } from '../db/database';
import { readMeta, writeMeta } from '../db/database';
import { hashClientSecret } from './client-secret';

/** The sample applications of `examples/` (docs/single-sign-on.md): development seed only. */
export const DEMO_CLIENTS = [
  {
    application: 'HRIS',
    client_id: 'hris',
    client_type: 'confidential',
    secret: 'hris-demo-secret',
    origin: 'http://localhost:3101',
  },
  {
    application: 'Inventory',
    client_id: 'inventory',
    client_type: 'public',
    secret: null,
    origin: 'http://localhost:3102',
  },
] as const;

/**
 * Registers the sample applications as clients of the seeded applications HRIS and Inventory, once
 * per database (a client an administrator removed stays removed). Never with NODE_ENV=production:
 * the demo secret must not exist there.
 */
export function seedDemoClients(db: Db, at: string): void {
  if (process.env.NODE_ENV === 'production') return;
  if (readMeta(db, 'oidc_demo_clients') !== undefined) return;
  const appId = db
    .prepare<[string], number>('SELECT id FROM applications WHERE name = ? ORDER BY id LIMIT 1')
    .pluck();
  const insert = db.prepare(
    `INSERT OR IGNORE INTO oidc_clients (application_id, client_id, client_type, secret_hash, redirect_uris,
       post_logout_redirect_uris, backchannel_logout_uri, initiate_login_uri, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const client of DEMO_CLIENTS) {
      const id = appId.get(client.application);
      if (id === undefined || id === 1) continue;
      insert.run(
        id,
        client.client_id,
        client.client_type,
        client.secret === null ? null : hashClientSecret(client.secret),
        JSON.stringify([`${client.origin}/callback`]),
        JSON.stringify([`${client.origin}/`]),
        `${client.origin}/backchannel-logout`,
        `${client.origin}/login`,
        at,
        at,
      );
    }
    writeMeta(db, 'oidc_demo_clients', at);
  })();
}
