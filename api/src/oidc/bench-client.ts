/**
 * `pnpm bench`'s single sign-on part, run against the bench's database while its api runs:
 * `node --import tsx src/oidc/bench-client.ts <db file | postgres:// URL>` registers a confidential
 * client `bench` (secret `bench-secret`, redirect `http://localhost/bench/callback`) for application
 * 2, as App Management would. The bench's api runs with NODE_ENV=production: no demo client exists
 * there.
 */
import { openDatabase } from '../db/database';
import { postgresStore, sqliteStore } from '../db/store';
import { hashClientSecret } from './client-secret';

const [target] = process.argv.slice(2);
if (!target) throw new Error('usage: bench-client.ts <db file | postgres:// URL>');
const onPostgres = /^postgres(ql)?:\/\//.test(target);
const db = onPostgres ? undefined : openDatabase(target);
const store = db ? sqliteStore(db) : postgresStore(target, { poolSize: 1 });
const at = new Date().toISOString();
const client = {
  client_type: 'confidential' as const,
  secret_hash: hashClientSecret('bench-secret'),
  redirect_uris: '["http://localhost/bench/callback"]',
  post_logout_redirect_uris: '[]',
  updated_at: at,
};
try {
  await store.db
    .insertInto('oidc_clients')
    .values({ application_id: 2, client_id: 'bench', ...client, created_at: at })
    .onConflict((oc) => oc.column('application_id').doUpdateSet({ client_id: 'bench', ...client }))
    .execute();
} finally {
  await store.close();
  db?.close();
}
