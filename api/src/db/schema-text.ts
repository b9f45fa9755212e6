/**
 * SQL text written in more than one migration: a table's columns and indexes on both stores (the
 * SQLite migrations and the PostgreSQL baselines differ in types only), and SQLite triggers that a
 * migration creates and the stable-ids rebuild (stable-ids-migration.ts) makes again. SQLite keeps
 * each table's and trigger's text as written (sqlite_master): the text here is the one the last
 * migration touching each wrote, so a migrated file's schema is the same as before it was shared.
 * Migrations that have shipped keep their text: a schema changes by a new migration, never by an
 * edit here.
 */

/** Log Aktivitas' event columns; `id` and `bigint` are the store's types (SQLite: INTEGER). */
export const auditEventColumns = ({ id, bigint }: { id: string; bigint: string }) => `
    id ${id},
    at ${bigint} NOT NULL,
    actor_id ${bigint},
    actor_nik TEXT,
    actor_name TEXT,
    action TEXT NOT NULL,
    target_type TEXT,
    target_id TEXT,
    target_label TEXT,
    result TEXT NOT NULL CHECK (result IN ('done', 'refused', 'failed')),
    status INTEGER NOT NULL,
    reason TEXT,
    changes TEXT,
    ip TEXT,
    user_agent TEXT`;

/** Its indexes: each filter of the list ends in (at, id), so a filtered page is read in order without a sort. */
export const AUDIT_EVENT_INDEXES = [
  'CREATE INDEX audit_at ON audit_events (at, id)',
  'CREATE INDEX audit_actor ON audit_events (actor_id, at, id)',
  'CREATE INDEX audit_target ON audit_events (target_type, target_id, at, id)',
  'CREATE INDEX audit_action ON audit_events (action, at, id)',
  'CREATE INDEX audit_result ON audit_events (result, at, id)',
];

/** SQLite: the indexes as one script. */
export const AUDIT_EVENT_INDEXES_SCRIPT = AUDIT_EVENT_INDEXES.map((index) => `\n    ${index};`).join('');

/**
 * SQLite: the triggers keeping the external-content trigram index `audit_search` in step (events
 * are only inserted and pruned), and those refusing every UPDATE and every DELETE but the retention
 * prune's (rows older than the cutoff it writes into `audit_prune`).
 */
export const AUDIT_EVENT_TRIGGERS = `
    CREATE TRIGGER audit_search_insert AFTER INSERT ON audit_events BEGIN
      INSERT INTO audit_search (rowid, actor_name, actor_nik, target_label)
        VALUES (new.id, new.actor_name, new.actor_nik, new.target_label);
    END;
    CREATE TRIGGER audit_search_delete AFTER DELETE ON audit_events BEGIN
      INSERT INTO audit_search (audit_search, rowid, actor_name, actor_nik, target_label)
        VALUES ('delete', old.id, old.actor_name, old.actor_nik, old.target_label);
    END;
    CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events BEGIN
      SELECT RAISE(ABORT, 'audit_events is append-only');
    END;
    CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
    WHEN NOT EXISTS (SELECT 1 FROM audit_prune WHERE old.at < cutoff) BEGIN
      SELECT RAISE(ABORT, 'audit_events is append-only (only the retention prune deletes)');
    END;`;

/** SQLite: the triggers keeping the users list's trigram index `users_search` in step with `users`. */
export const USERS_SEARCH_TRIGGERS = `
    CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
      INSERT INTO users_search (rowid, nama, nik, phone) VALUES (new.id, new.nama, new.nik, new.phone);
    END;
    CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
      INSERT INTO users_search (users_search, rowid, nama, nik, phone)
        VALUES ('delete', old.id, old.nama, old.nik, old.phone);
    END;
    CREATE TRIGGER users_search_update AFTER UPDATE OF id, nama, nik, phone ON users BEGIN
      INSERT INTO users_search (users_search, rowid, nama, nik, phone)
        VALUES ('delete', old.id, old.nama, old.nik, old.phone);
      INSERT INTO users_search (rowid, nama, nik, phone) VALUES (new.id, new.nama, new.nik, new.phone);
    END;`;

/**
 * The OpenID Connect client of an application; `id` is the store's key type (SQLite: INTEGER).
 * SQLite keeps this text (migration 17) as the table's.
 */
export const oidcClientColumns = ({ id }: { id: string }) => `
  application_id ${id} PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  client_id TEXT NOT NULL UNIQUE,
  client_type TEXT NOT NULL CHECK (client_type IN ('confidential', 'public')),
  secret_hash TEXT,
  redirect_uris TEXT NOT NULL DEFAULT '[]',
  post_logout_redirect_uris TEXT NOT NULL DEFAULT '[]',
  backchannel_logout_uri TEXT,
  initiate_login_uri TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
`;
