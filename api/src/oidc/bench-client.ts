/**
 * `pnpm bench`'s single sign-on part, run against the bench's database while its api runs:
 * `node --import tsx src/oidc/bench-client.ts <db file>` registers a confidential client `bench`
 * (secret `bench-secret`, redirect `http://localhost/bench/callback`) for application 2, as App
 * Management would. The bench's api runs with NODE_ENV=production: no demo client exists there.
 */
import Database from 'better-sqlite3';
import { hashClientSecret } from './client-secret';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: bench-client.ts <db file>');
const db = new Database(file);
const at = new Date().toISOString();
db.prepare(
  `INSERT OR REPLACE INTO oidc_clients (application_id, client_id, client_type, secret_hash, redirect_uris,
     post_logout_redirect_uris, created_at, updated_at)
   VALUES (2, 'bench', 'confidential', ?, '["http://localhost/bench/callback"]', '[]', ?, ?)`,
).run(hashClientSecret('bench-secret'), at, at);
db.close();
