/**
 * The append-only event table of Log Aktivitas (migration 6). Triggers refuse every UPDATE, and
 * every DELETE except the retention prune's: a DELETE passes only for rows older than the cutoff the
 * prune writes into `audit_prune` inside its own transaction (audit-store.ts `prune`), and the
 * prune empties that table again before it commits. Indexes serve the list's filters, each ending
 * in (at, id) so a filtered page is read in order without a sort.
 */
import { AUDIT_EVENT_INDEXES_SCRIPT, AUDIT_EVENT_TRIGGERS, auditEventColumns } from '../db/schema-text';

export const AUDIT_MIGRATION = `
  CREATE TABLE audit_events (${auditEventColumns({ id: 'INTEGER PRIMARY KEY', bigint: 'INTEGER' })}
  );${AUDIT_EVENT_INDEXES_SCRIPT}

  -- Keyword search (actor name or NIK, target label) by a trigram index, as users_search: the index
  -- stores no copy of the text; triggers keep it in step (events are only inserted and pruned).
  CREATE VIRTUAL TABLE audit_search USING fts5(
    actor_name, actor_nik, target_label,
    content = 'audit_events', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 0'
  );

  CREATE TABLE audit_prune (cutoff INTEGER NOT NULL);
${AUDIT_EVENT_TRIGGERS}

  -- A database seeded before Log Aktivitas existed gets its menu, owned by the first role
  -- (Super Admin) as the seed does; a fresh database is empty here and the seed adds it.
  INSERT INTO menus (app_id, parent_id, name, position)
    SELECT 1, NULL, 'Log Aktivitas', 1 + (SELECT COALESCE(MAX(position), 0) FROM menus WHERE app_id = 1 AND parent_id IS NULL)
    WHERE EXISTS (SELECT 1 FROM applications WHERE id = 1)
      AND NOT EXISTS (SELECT 1 FROM menus WHERE app_id = 1 AND name = 'Log Aktivitas');
  INSERT OR IGNORE INTO role_menus (role_id, menu_id, access_level)
    SELECT 1, id, 1 FROM menus WHERE app_id = 1 AND name = 'Log Aktivitas' AND EXISTS (SELECT 1 FROM roles WHERE id = 1);
`;
