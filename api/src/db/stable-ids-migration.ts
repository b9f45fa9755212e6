/**
 * Ids that are never given again (issue 37). A rowid table without AUTOINCREMENT hands out
 * MAX(id) + 1, so deleting the newest user and creating another gave the same id: an old edit
 * link, a token subject or a user's "Lihat aktivitas" then named the next person. AUTOINCREMENT
 * (sqlite_sequence) never goes back. SQLite cannot add it to a table, so each table is rebuilt
 * (https://www.sqlite.org/lang_altertable.html#otheralter): a copy with the same columns and every
 * existing id, the old table dropped, the copy renamed, its indexes and triggers made again.
 * `migrate` runs migrations with foreign keys off (a DROP would otherwise cascade to the children)
 * and checks every reference before it commits.
 *
 * Each sequence starts above the highest id the file has ever named: the table's own, and the
 * ids Log Aktivitas recorded for deleted records, so a user deleted before this migration is not
 * reborn either. Login sessions get a numeric `seq` (their public id in the account drawer, until
 * now the implicit rowid); the session id itself stays a unique text key.
 */
import {
  AUDIT_EVENT_INDEXES_SCRIPT,
  AUDIT_EVENT_TRIGGERS,
  auditEventColumns,
  USERS_SEARCH_TRIGGERS,
} from './schema-text';

interface Rebuild {
  table: string;
  /** Column definitions of the new table, same order as the old one's (SELECT * copies it). */
  columns: string;
  /** Indexes and triggers of the table (dropped with it). */
  after: string;
  /** The copy, when it is not `SELECT *`. */
  copy?: string;
}

const rebuild = ({ table, columns, after, copy }: Rebuild) => `
  CREATE TABLE ${table}__stable (${columns});
  ${copy ?? `INSERT INTO ${table}__stable SELECT * FROM ${table};`}
  DROP TABLE ${table};
  ALTER TABLE ${table}__stable RENAME TO ${table};
  ${after}
`;

/** The highest id recorded as a target of `type` in Log Aktivitas, to start the sequence above. */
const floorFromAudit = (table: string, type: string, actors = false) => `
  INSERT INTO sqlite_sequence (name, seq) SELECT '${table}', 0
    WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = '${table}');
  UPDATE sqlite_sequence SET seq = MAX(seq,
    COALESCE((SELECT MAX(CAST(target_id AS INTEGER)) FROM audit_events
      WHERE target_type = '${type}' AND target_id GLOB '[0-9]*'), 0)
    ${actors ? ', COALESCE((SELECT MAX(actor_id) FROM audit_events), 0)' : ''})
  WHERE name = '${table}';
`;

export const STABLE_IDS_MIGRATION = [
  rebuild({
    table: 'users',
    columns: `
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    nama TEXT NOT NULL,
    nik TEXT NOT NULL UNIQUE COLLATE NOCASE,
    phone TEXT NOT NULL,
    email TEXT NOT NULL,
    role_id INTEGER NOT NULL REFERENCES roles (id),
    password_hash TEXT,
    is_active INTEGER NOT NULL DEFAULT 1,
    client_group TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    revision INTEGER NOT NULL DEFAULT 1,
    last_login_at TEXT,
    status_changed_at TEXT,
    status_changed_by INTEGER,
    status_reason TEXT`,
    after: `
    CREATE INDEX users_nama ON users (nama COLLATE NOCASE, id);
    CREATE INDEX users_phone ON users (phone);
    CREATE INDEX users_role ON users (role_id);
    CREATE INDEX users_created ON users (created_at, id);
    CREATE INDEX users_updated ON users (updated_at, id);
    CREATE INDEX users_email ON users (email COLLATE NOCASE, id);
    CREATE INDEX users_last_login ON users (last_login_at, id);
    CREATE INDEX users_active ON users (is_active, id);${USERS_SEARCH_TRIGGERS}`,
  }),
  rebuild({
    table: 'roles',
    columns: `
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    descriptions TEXT,
    color_id INTEGER NOT NULL REFERENCES colors (id),
    position INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    revision INTEGER NOT NULL DEFAULT 1`,
    after: '',
  }),
  rebuild({
    table: 'applications',
    columns: `
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    descriptions TEXT,
    url TEXT NOT NULL,
    logo_file TEXT NOT NULL`,
    after: '',
  }),
  rebuild({
    table: 'menus',
    columns: `
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    app_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    parent_id INTEGER REFERENCES menus (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    position INTEGER NOT NULL`,
    after: 'CREATE INDEX menus_app ON menus (app_id, parent_id, position);',
  }),
  rebuild({
    table: 'app_logos',
    columns: `
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    mime TEXT NOT NULL,
    bytes BLOB NOT NULL,
    created_at INTEGER NOT NULL`,
    after: '',
  }),
  rebuild({
    table: 'login_sessions',
    columns: `
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    apps_id INTEGER NOT NULL,
    app_url TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER,
    created_at INTEGER NOT NULL,
    address TEXT,
    user_agent TEXT,
    last_active_at INTEGER`,
    copy: `INSERT INTO login_sessions__stable (seq, id, user_id, apps_id, app_url, expires_at, revoked_at,
      created_at, address, user_agent, last_active_at)
      SELECT rowid, id, user_id, apps_id, app_url, expires_at, revoked_at, created_at, address, user_agent,
        last_active_at FROM login_sessions;`,
    after: 'CREATE INDEX login_sessions_user ON login_sessions (user_id);',
  }),
  rebuild({
    table: 'audit_events',
    columns: auditEventColumns({ id: 'INTEGER PRIMARY KEY AUTOINCREMENT', bigint: 'INTEGER' }),
    after: `${AUDIT_EVENT_INDEXES_SCRIPT}${AUDIT_EVENT_TRIGGERS}`,
  }),
  floorFromAudit('users', 'user', true),
  floorFromAudit('roles', 'role'),
  floorFromAudit('applications', 'application'),
].join('\n');
