import { sql } from 'kysely';
import type { Store } from '../db/store';
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
export async function seedDemoClients(store: Store, at: string): Promise<void> {
  if (process.env.NODE_ENV === 'production') return;
  await store.transaction(async (trx) => {
    // Instances starting together on an empty database register the clients once.
    await store.lockKeys(trx, ['oidc_demo_clients']);
    const marker = await trx
      .selectFrom('meta')
      .select('value')
      .where('key', '=', 'oidc_demo_clients')
      .executeTakeFirst();
    if (marker !== undefined) return;
    for (const client of DEMO_CLIENTS) {
      // The applications are the administration side's table (the `sql` tag, ADR 0026).
      const { rows } = await sql<{
        id: number;
      }>`SELECT id FROM applications WHERE name = ${client.application}
        ORDER BY id LIMIT 1`.execute(trx);
      const id = rows[0]?.id;
      if (id === undefined || id === 1) continue;
      await trx
        .insertInto('oidc_clients')
        .values({
          application_id: id,
          client_id: client.client_id,
          client_type: client.client_type,
          secret_hash: client.secret === null ? null : hashClientSecret(client.secret),
          redirect_uris: JSON.stringify([`${client.origin}/callback`]),
          post_logout_redirect_uris: JSON.stringify([`${client.origin}/`]),
          backchannel_logout_uri: `${client.origin}/backchannel-logout`,
          initiate_login_uri: `${client.origin}/login`,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await trx.insertInto('meta').values({ key: 'oidc_demo_clients', value: at }).execute();
  });
}
