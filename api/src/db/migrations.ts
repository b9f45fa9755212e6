import type Database from 'better-sqlite3';
import { AUDIT_MIGRATION } from '../audit/audit-schema';
import { oidcClientColumns, USERS_SEARCH_TRIGGERS } from './schema-text';
import { STABLE_IDS_MIGRATION } from './stable-ids-migration';

/**
 * The panel keys of app 1's menus (`menus.panel_key`, PANEL_MENU of `@sso/shared/access`), given
 * once to the first menu of that name at that place in app 1's tree (a top-level menu, or a
 * sub-menu of the keyed parent). Run by migration 12 on an existing file and by the seed after it
 * wrote the menus of a fresh one; a key already given stays where it is.
 */
/** app 1's keyed menus in tree order: a top-level menu, or [sub-menu, its keyed parent]. */
const PANEL_KEYED_MENUS: readonly (string | readonly [string, string])[] = [
  'Home',
  'User Management',
  ['Daftar User', 'User Management'],
  ['Tambah User', 'User Management'],
  'Role Management',
  ['Daftar Role', 'Role Management'],
  ['Tambah Role', 'Role Management'],
  'App Management',
  ['Daftar Aplikasi', 'App Management'],
  ['Tambah Aplikasi', 'App Management'],
  'Settings',
  'Log Aktivitas',
];

const assignPanelKey = (entry: string | readonly [string, string]): string => {
  const [key, parent] = typeof entry === 'string' ? [entry, null] : entry;
  const first =
    parent === null
      ? `SELECT MIN(id) FROM menus WHERE app_id = 1 AND parent_id IS NULL AND name = '${key}'`
      : `SELECT MIN(m.id) FROM menus m JOIN menus p ON p.id = m.parent_id
    WHERE m.app_id = 1 AND p.panel_key = '${parent}' AND m.name = '${key}'`;
  return `
  UPDATE menus SET panel_key = '${key}' WHERE id = (
    ${first})
    AND NOT EXISTS (SELECT 1 FROM menus WHERE panel_key = '${key}');`;
};

export const ASSIGN_PANEL_KEYS = `${PANEL_KEYED_MENUS.map(assignPanelKey).join('')}
`;

/**
 * Peta Akses (issue 32, ADR 0025): app 1's top-level menu with its panel key, after the others, in a
 * file whose app 1 exists and has no menu of that key yet. Run by its migration on an existing file
 * and by the seed after it wrote the menus of a fresh one (the key, never the name, gives access).
 */
export const ADD_PETA_AKSES_MENU = `
  INSERT INTO menus (app_id, parent_id, name, position, panel_key)
    SELECT 1, NULL, 'Peta Akses',
      1 + (SELECT COALESCE(MAX(position), 0) FROM menus WHERE app_id = 1 AND parent_id IS NULL), 'Peta Akses'
    WHERE EXISTS (SELECT 1 FROM applications WHERE id = 1)
      AND NOT EXISTS (SELECT 1 FROM menus WHERE panel_key = 'Peta Akses');
`;

/**
 * Schema migrations, applied in order. `PRAGMA user_version` is the schema version: migration i
 * brings the file from version i to i + 1. Append new migrations; never edit a released one.
 */
const migrations: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE colors (id INTEGER PRIMARY KEY, hex_code TEXT NOT NULL);

  CREATE TABLE companies (
    id INTEGER PRIMARY KEY,
    nama TEXT NOT NULL,
    sort_key TEXT NOT NULL,
    logo_file TEXT NOT NULL
  );
  CREATE INDEX companies_sort ON companies (sort_key, id);

  CREATE TABLE branches (
    id INTEGER PRIMARY KEY,
    company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    daerah TEXT NOT NULL,
    kode TEXT NOT NULL
  );
  CREATE INDEX branches_company ON branches (company_id);

  CREATE TABLE applications (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    descriptions TEXT,
    url TEXT NOT NULL,
    logo_file TEXT NOT NULL
  );

  CREATE TABLE menus (
    id INTEGER PRIMARY KEY,
    app_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    parent_id INTEGER REFERENCES menus (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    position INTEGER NOT NULL
  );
  CREATE INDEX menus_app ON menus (app_id, parent_id, position);

  CREATE TABLE roles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    descriptions TEXT,
    color_id INTEGER NOT NULL REFERENCES colors (id),
    position INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE role_apps (
    role_id INTEGER NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
    app_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    PRIMARY KEY (role_id, app_id)
  ) WITHOUT ROWID;
  CREATE INDEX role_apps_app ON role_apps (app_id);

  CREATE TABLE role_menus (
    role_id INTEGER NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
    menu_id INTEGER NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
    access_level INTEGER NOT NULL CHECK (access_level IN (1, 2, 3)),
    PRIMARY KEY (role_id, menu_id)
  ) WITHOUT ROWID;

  CREATE TABLE employees (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    nik TEXT NOT NULL UNIQUE,
    no_hp TEXT NOT NULL,
    email TEXT NOT NULL
  );
  CREATE INDEX employees_name ON employees (name COLLATE NOCASE);

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    nama TEXT NOT NULL,
    nik TEXT NOT NULL UNIQUE COLLATE NOCASE,
    phone TEXT NOT NULL,
    email TEXT NOT NULL,
    role_id INTEGER NOT NULL REFERENCES roles (id),
    password_hash TEXT,
    is_active INTEGER NOT NULL DEFAULT 1,
    client_group TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX users_nama ON users (nama COLLATE NOCASE, id);
  CREATE INDEX users_phone ON users (phone);
  CREATE INDEX users_role ON users (role_id);
  CREATE INDEX users_created ON users (created_at, id);
  CREATE INDEX users_updated ON users (updated_at, id);
  CREATE INDEX users_email ON users (email COLLATE NOCASE, id);

  CREATE TABLE user_companies (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, company_id)
  ) WITHOUT ROWID;
  CREATE INDEX user_companies_company ON user_companies (company_id, user_id);

  CREATE TABLE user_branches (
    user_id INTEGER NOT NULL,
    company_id INTEGER NOT NULL,
    branch_id INTEGER NOT NULL REFERENCES branches (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, branch_id),
    FOREIGN KEY (user_id, company_id) REFERENCES user_companies (user_id, company_id) ON DELETE CASCADE
  ) WITHOUT ROWID;
  CREATE INDEX user_branches_branch ON user_branches (branch_id, user_id);

  CREATE TABLE login_sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    apps_id INTEGER NOT NULL,
    app_url TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX login_sessions_user ON login_sessions (user_id);

  CREATE TABLE app_sessions (
    id TEXT PRIMARY KEY,
    login_session_id TEXT NOT NULL REFERENCES login_sessions (id) ON DELETE CASCADE,
    app_id INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX app_sessions_login ON app_sessions (login_session_id);

  CREATE TABLE otps (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target TEXT NOT NULL,
    purpose TEXT NOT NULL CHECK (purpose IN ('login', 'reset')),
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    expires_at INTEGER NOT NULL,
    verified_at INTEGER,
    consumed_at INTEGER,
    voided_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX otps_user ON otps (user_id, purpose, id);
  CREATE INDEX otps_target ON otps (target, created_at);

  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    to_target TEXT NOT NULL,
    code TEXT NOT NULL,
    purpose TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX outbox_to ON outbox (to_target, id);
  `,
  // 2: substring search of the users list (keyword over nama, nik and phone) by a trigram index.
  // External content: the index stores no copy of the text, triggers keep it in step with `users`,
  // and 'rebuild' fills it from the rows an existing file already has. Trigrams are case-folded.
  `
  CREATE VIRTUAL TABLE users_search USING fts5(
    nama, nik, phone,
    content = 'users', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 0'
  );
  ${USERS_SEARCH_TRIGGERS}
  INSERT INTO users_search (users_search) VALUES ('rebuild');
  `,
  // 3: counters of the guessing throttle (auth/throttle.ts): tries per key in a fixed window.
  `
  CREATE TABLE throttle (
    key TEXT PRIMARY KEY,
    hits INTEGER NOT NULL,
    window_ends_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX throttle_window ON throttle (window_ends_at);
  `,
  // 4: addresses that signed in to an account (auth/known-addresses.ts): their tries for it are
  // counted apart, so failures from elsewhere cannot keep its owner out.
  `
  CREATE TABLE known_addresses (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    last_success_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, address)
  ) WITHOUT ROWID;
  CREATE INDEX known_addresses_seen ON known_addresses (last_success_at);
  `,
  // 5: the version of each user and role (answered as `version`), raised by every saved change, so
  // an edit made on an older read is refused (409) instead of undoing what others saved since.
  `
  ALTER TABLE users ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE roles ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
  `,
  // 6: App Management. Uploaded logos (bytes and the type sniffed from them); the "Tambah Aplikasi"
  // sub-menu of app 1's App Management in files seeded before it existed, granted as "Daftar
  // Aplikasi" is (a fresh file has no menus yet: the seed adds it).
  `
  CREATE TABLE app_logos (
    id INTEGER PRIMARY KEY,
    mime TEXT NOT NULL,
    bytes BLOB NOT NULL,
    created_at INTEGER NOT NULL
  );
  INSERT INTO menus (app_id, parent_id, name, position)
    SELECT 1, p.id, 'Tambah Aplikasi', 1 + (SELECT COUNT(*) FROM menus s WHERE s.parent_id = p.id)
    FROM menus p
    WHERE p.app_id = 1 AND p.parent_id IS NULL AND p.name = 'App Management'
      AND NOT EXISTS (SELECT 1 FROM menus s WHERE s.parent_id = p.id AND s.name = 'Tambah Aplikasi');
  INSERT OR IGNORE INTO role_menus (role_id, menu_id, access_level)
    SELECT rm.role_id, t.id, rm.access_level
    FROM role_menus rm
    JOIN menus d ON d.id = rm.menu_id AND d.app_id = 1 AND d.name = 'Daftar Aplikasi'
    JOIN menus t ON t.parent_id = d.parent_id AND t.name = 'Tambah Aplikasi';
  `,
  // 7: account lifecycle (users/lifecycle): who changed a status, when and why; the last sign-in;
  // where each login was made and when it was last used.
  `
  ALTER TABLE users ADD COLUMN last_login_at TEXT;
  ALTER TABLE users ADD COLUMN status_changed_at TEXT;
  ALTER TABLE users ADD COLUMN status_changed_by INTEGER;
  ALTER TABLE users ADD COLUMN status_reason TEXT;
  CREATE INDEX users_last_login ON users (last_login_at, id);
  CREATE INDEX users_active ON users (is_active, id);
  ALTER TABLE login_sessions ADD COLUMN address TEXT;
  ALTER TABLE login_sessions ADD COLUMN user_agent TEXT;
  ALTER TABLE login_sessions ADD COLUMN last_active_at INTEGER;
  `,
  // 8: Log Aktivitas, the append-only event table (audit/audit-schema.ts).
  AUDIT_MIGRATION,
  // 9: ids never given again (db/stable-ids-migration.ts): users, roles, applications, menus, logos,
  // login sessions and events rebuilt with AUTOINCREMENT, every existing id kept.
  STABLE_IDS_MIGRATION,
  // 10: why a login was ended (ended_by_admin, access_changed, password_reset): the 401 of its
  // next request says so, and the panel shows it on the login screen.
  `
  ALTER TABLE login_sessions ADD COLUMN revoked_reason TEXT;
  `,
  // 11: the seed's sub-menus "Umum" and "Keamanan" of app 1's Settings led to no page (the panel has
  // one Settings page, granted by the Settings menu itself): removed with their grants. Foreign keys
  // are off while migrating, so the grants are deleted by hand.
  `
  CREATE TEMP TABLE settings_orphans AS
    SELECT c.id FROM menus c JOIN menus p ON p.id = c.parent_id
    WHERE p.app_id = 1 AND p.parent_id IS NULL AND p.name = 'Settings' AND c.name IN ('Umum', 'Keamanan');
  DELETE FROM role_menus WHERE menu_id IN (SELECT id FROM settings_orphans);
  DELETE FROM menus WHERE id IN (SELECT id FROM settings_orphans);
  DROP TABLE settings_orphans;
  `,
  // 12: access by identity (ADR 0007 "Access by identity, secrets, limits, logos"): app 1's menus carry a stable key that the
  // access model reads instead of their display name; no other menu has one, App Management never
  // sets one. Menus added to app 1 before this (under any name) get no key and so grant nothing.
  `
  ALTER TABLE menus ADD COLUMN panel_key TEXT;
  CREATE UNIQUE INDEX menus_panel_key ON menus (panel_key) WHERE panel_key IS NOT NULL;
  ${ASSIGN_PANEL_KEYS}
  `,
  // 13: no code in clear in a table (ADR 0007, issue 36): the outbox is the
  // development delivery only; rows an earlier build wrote (in any environment) go.
  `
  DELETE FROM outbox;
  `,
  // 14: a typed NIK that named no account is kept as dots only (people type passwords into the NIK
  // field; issue 36, finding 12), in events already recorded too. The one rewrite of the append-only
  // log: its guard is lifted for this statement and put back, and the keyword index follows.
  `
  DROP TRIGGER audit_events_no_update;
  INSERT INTO audit_search (audit_search, rowid, actor_name, actor_nik, target_label)
    SELECT 'delete', id, actor_name, actor_nik, target_label FROM audit_events
    WHERE actor_id IS NULL AND actor_nik IS NOT NULL;
  UPDATE audit_events
    SET actor_nik = substr('••••••••••••••••', 1, max(1, min(length(actor_nik), 16)))
    WHERE actor_id IS NULL AND actor_nik IS NOT NULL;
  INSERT INTO audit_search (rowid, actor_name, actor_nik, target_label)
    SELECT id, actor_name, actor_nik, target_label FROM audit_events
    WHERE actor_id IS NULL AND actor_nik IS NOT NULL;
  CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only');
  END;
  `,
  // 15: decoy reset codes (issue 36): a recovery for a NIK that does not exist answers as if a code
  // had been sent, keeps the same resend gap, expiry and tries, and sends nothing. Keyed by the NIK
  // as the throttle counts it; rows die a day after they expire.
  `
  CREATE TABLE otp_decoys (
    key TEXT PRIMARY KEY,
    attempts INTEGER NOT NULL DEFAULT 0,
    expires_at INTEGER NOT NULL,
    verified_at INTEGER,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX otp_decoys_expiry ON otp_decoys (expires_at);
  `,
  // 16: sign-in devices and the second proof (issue 36). A browser that signed in to an account
  // (its signed HttpOnly device cookie) is known to it for 30 days after its last success and has
  // its own guessing budget; a sign-in from an unknown browser while the shared budget is spent
  // opens a challenge answered by a code sent to the registered phone.
  `
  CREATE TABLE known_devices (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    device_id TEXT NOT NULL,
    last_success_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, device_id)
  ) WITHOUT ROWID;
  CREATE INDEX known_devices_seen ON known_devices (last_success_at);
  CREATE TABLE sign_in_challenges (
    id TEXT PRIMARY KEY,
    user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    password_ok INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX sign_in_challenges_expiry ON sign_in_challenges (expires_at);
  `,
  // 17: OpenID Connect clients: an application other than app 1 signing in through the SSO
  // (api/src/oidc; the App Management screens edit the rows).
  `
CREATE TABLE oidc_clients (${oidcClientColumns({ id: 'INTEGER' })});
`,
  // 18: the OpenID Connect provider's state (api/src/oidc): every artefact it stores (sessions,
  // interactions, grants, codes, tokens) as a payload keyed by model and id; its signing keys; and
  // which login of the panel each provider session belongs to (ending that login ends it).
  `
  CREATE TABLE oidc_models (
    model TEXT NOT NULL,
    id TEXT NOT NULL,
    payload TEXT NOT NULL,
    expires_at INTEGER,
    grant_id TEXT,
    uid TEXT,
    user_code TEXT,
    consumed_at INTEGER,
    PRIMARY KEY (model, id)
  ) WITHOUT ROWID;
  CREATE INDEX oidc_models_grant ON oidc_models (grant_id) WHERE grant_id IS NOT NULL;
  CREATE INDEX oidc_models_uid ON oidc_models (uid) WHERE uid IS NOT NULL;
  CREATE INDEX oidc_models_user_code ON oidc_models (user_code) WHERE user_code IS NOT NULL;
  CREATE INDEX oidc_models_expires ON oidc_models (expires_at) WHERE expires_at IS NOT NULL;

  CREATE TABLE oidc_keys (
    kid TEXT PRIMARY KEY,
    private_jwk TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    retired_at INTEGER
  );

  CREATE TABLE oidc_session_links (
    session_uid TEXT PRIMARY KEY,
    login_session_id TEXT NOT NULL REFERENCES login_sessions (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL
  );
  CREATE INDEX oidc_session_links_login ON oidc_session_links (login_session_id);
  CREATE INDEX oidc_session_links_user ON oidc_session_links (user_id);
  `,
  // 19: users in bulk (users/bulk): a checked import file's importable rows, kept between "check"
  // and "Impor" (by token, for the administrator who checked it; committed once, then kept as a
  // record until pruned).
  `
  CREATE TABLE user_imports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token TEXT NOT NULL UNIQUE,
    actor_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    update_existing INTEGER NOT NULL,
    unchanged INTEGER NOT NULL,
    rows TEXT NOT NULL,
    committed_at INTEGER
  );
  CREATE INDEX user_imports_created ON user_imports (created_at);
  `,
  // 20: administration per company (issue 32, ADR 0022): how far a role's administrative menus
  // reach. Every existing role keeps "Seluruh grup" ('group'); 'own' is "AP pengguna sendiri".
  `
  ALTER TABLE roles ADD COLUMN admin_scope TEXT NOT NULL DEFAULT 'group'
    CHECK (admin_scope IN ('group', 'own'));
  `,
  // 21: two-step verification (issue 31, ADR 0021): authenticator apps (TOTP secrets sealed with
  // AES-GCM) and passkeys (WebAuthn public keys), recovery codes (HMAC digests), "Wajib verifikasi dua langkah" per role, a pending
  // second step as a purpose of sign_in_challenges, and how each login was made (amr, for the ID token).
  `
  CREATE TABLE two_step_factors (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('totp', 'passkey')),
    label TEXT NOT NULL,
    secret TEXT,
    credential_id TEXT UNIQUE,
    public_key TEXT,
    sign_count INTEGER NOT NULL DEFAULT 0,
    transports TEXT,
    device_type TEXT,
    last_step INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER
  );
  CREATE INDEX two_step_factors_user ON two_step_factors (user_id);
  CREATE TABLE recovery_codes (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    used_at INTEGER,
    PRIMARY KEY (user_id, code_hash)
  ) WITHOUT ROWID;
  ALTER TABLE roles ADD COLUMN requires_two_step INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE sign_in_challenges ADD COLUMN purpose TEXT NOT NULL DEFAULT 'phone_code';
  ALTER TABLE sign_in_challenges ADD COLUMN first_amr TEXT;
  ALTER TABLE sign_in_challenges ADD COLUMN app_url TEXT;
  ALTER TABLE sign_in_challenges ADD COLUMN pending_secret TEXT;
  ALTER TABLE login_sessions ADD COLUMN amr TEXT;
  `,
  // 22: Peta Akses (issue 32, ADR 0025). Its menu in app 1 (ADD_PETA_AKSES_MENU); every role that
  // reads Log Aktivitas (by its key) reads Peta Akses at the same level: those who audit the group
  // see who reaches what (the seed: Super Admin owner, Admin and Admin AP viewer, Viewer nothing).
  // An index of users by role and name serves the map's pages (the users of the roles reaching a
  // place, in name order).
  `
  ${ADD_PETA_AKSES_MENU}
  INSERT OR IGNORE INTO role_menus (role_id, menu_id, access_level)
    SELECT rm.role_id, p.id, rm.access_level
    FROM role_menus rm
    JOIN menus a ON a.id = rm.menu_id AND a.app_id = 1 AND a.panel_key = 'Log Aktivitas'
    JOIN menus p ON p.panel_key = 'Peta Akses';
  CREATE INDEX users_role_nama ON users (role_id, nama COLLATE NOCASE, id);
  `,
  // 23: the employee directory's company (issue 32): Tambah User's picker offers the actor's
  // companies' employees first (a scoped administrator only those, and those of no company).
  // Nullable: an employee whose company is not known; a deleted company leaves them without. An
  // existing directory learns the company of an employee whose account is in exactly one AP.
  `
  ALTER TABLE employees ADD COLUMN company_id INTEGER REFERENCES companies (id) ON DELETE SET NULL;
  UPDATE employees SET company_id = (
    SELECT MIN(uc.company_id) FROM users u JOIN user_companies uc ON uc.user_id = u.id
    WHERE u.nik = employees.nik GROUP BY u.id HAVING COUNT(*) = 1);
  CREATE INDEX employees_company ON employees (company_id, name COLLATE NOCASE);
  `,
];

export const schemaVersion = migrations.length;

/**
 * Brings the file to `target` (the latest by default; tests stop earlier to build an old file).
 * Migrations run in one transaction with foreign keys off, as SQLite's table rebuild needs (a DROP
 * would cascade to the children otherwise); every reference is checked before the commit, and a
 * dangling one rolls the whole upgrade back.
 */
export function migrate(db: Database.Database, target: number = migrations.length): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > migrations.length) {
    throw new Error(`Database schema version ${current} is newer than this api (${migrations.length})`);
  }
  if (current >= Math.min(target, migrations.length)) return;
  const foreignKeys = Number(db.pragma('foreign_keys', { simple: true }));
  db.pragma('foreign_keys = OFF');
  const apply = db.transaction(() => {
    for (let version = current; version < Math.min(target, migrations.length); version += 1) {
      db.exec(migrations[version] ?? '');
      db.pragma(`user_version = ${version + 1}`);
    }
    const dangling: unknown = db.pragma('foreign_key_check');
    if (Array.isArray(dangling) && dangling.length > 0) {
      throw new Error(`Migration left ${dangling.length} broken references: ${JSON.stringify(dangling[0])}`);
    }
  });
  try {
    apply();
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys === 1 ? 'ON' : 'OFF'}`);
  }
}
