/**
 * The append-only event table of Log Aktivitas (migration 6). Triggers refuse every UPDATE, and
 * every DELETE except the retention prune's: a DELETE passes only for rows older than the cutoff the
 * prune writes into `audit_prune` inside its own transaction (audit-store.ts `prune`), and the
 * prune empties that table again before it commits. Indexes serve the list's filters, each ending
 * in (at, id) so a filtered page is read in order without a sort.
 */
export const AUDIT_MIGRATION = `
  CREATE TABLE audit_events (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    actor_id INTEGER,
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
    user_agent TEXT
  );
  CREATE INDEX audit_at ON audit_events (at, id);
  CREATE INDEX audit_actor ON audit_events (actor_id, at, id);
  CREATE INDEX audit_target ON audit_events (target_type, target_id, at, id);
  CREATE INDEX audit_action ON audit_events (action, at, id);
  CREATE INDEX audit_result ON audit_events (result, at, id);

  -- Keyword search (actor name or NIK, target label) by a trigram index, as users_search: the index
  -- stores no copy of the text; triggers keep it in step (events are only inserted and pruned).
  CREATE VIRTUAL TABLE audit_search USING fts5(
    actor_name, actor_nik, target_label,
    content = 'audit_events', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 0'
  );
  CREATE TRIGGER audit_search_insert AFTER INSERT ON audit_events BEGIN
    INSERT INTO audit_search (rowid, actor_name, actor_nik, target_label)
      VALUES (new.id, new.actor_name, new.actor_nik, new.target_label);
  END;
  CREATE TRIGGER audit_search_delete AFTER DELETE ON audit_events BEGIN
    INSERT INTO audit_search (audit_search, rowid, actor_name, actor_nik, target_label)
      VALUES ('delete', old.id, old.actor_name, old.actor_nik, old.target_label);
  END;

  CREATE TABLE audit_prune (cutoff INTEGER NOT NULL);

  CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only');
  END;
  CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
  WHEN NOT EXISTS (SELECT 1 FROM audit_prune WHERE old.at < cutoff) BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only (only the retention prune deletes)');
  END;

  -- A database seeded before Log Aktivitas existed gets its menu, owned by the first role
  -- (Super Admin) as the seed does; a fresh database is empty here and the seed adds it.
  INSERT INTO menus (app_id, parent_id, name, position)
    SELECT 1, NULL, 'Log Aktivitas', 1 + (SELECT COALESCE(MAX(position), 0) FROM menus WHERE app_id = 1 AND parent_id IS NULL)
    WHERE EXISTS (SELECT 1 FROM applications WHERE id = 1)
      AND NOT EXISTS (SELECT 1 FROM menus WHERE app_id = 1 AND name = 'Log Aktivitas');
  INSERT OR IGNORE INTO role_menus (role_id, menu_id, access_level)
    SELECT 1, id, 1 FROM menus WHERE app_id = 1 AND name = 'Log Aktivitas' AND EXISTS (SELECT 1 FROM roles WHERE id = 1);
`;
