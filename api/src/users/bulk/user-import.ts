import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_TTL_SECONDS,
  type ImportCheck,
  type ImportResult,
  type ImportRow,
  userPayloadSchema,
} from '@sso/shared/contract';
import { z } from 'zod';
import type { PrivilegeSync as Privilege } from '../../access/privilege';
import { csvLine, UTF8_BOM } from '../../audit/csv';
import type { NewAuditEvent } from '../../audit/audit-store';
import { describeUserSync, recordEventSync } from '../../audit/audit-sync';
import { changesBetween } from '../../audit/audit-targets';
import type { Db } from '../../db/database';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { createUserSync as createUser, updateUserSync as updateUser } from './user-writes-sync';
import { readCsvUpload, EMPTY_FILE_MESSAGE } from './csv-upload';
import { columnIndexOf, createRowChecker, type ColumnIndex, type ImportableRow } from './import-rows';

export const IMPORT_NOT_FOUND_MESSAGE =
  'Hasil pemeriksaan tidak ditemukan atau sudah kedaluwarsa. Unggah ulang berkas.';
export const IMPORT_DONE_MESSAGE = 'Impor ini sudah dijalankan. Lihat hasilnya di daftar user.';
export const IMPORT_STALE_MESSAGE = (row: number) =>
  `Data user berubah sejak berkas diperiksa (baris ${row}). Tidak ada yang disimpan: periksa ulang berkas.`;

/** The rows a check kept, read back by "Impor" (the payloads pass the contract again). */
const storedRowsSchema = z.array(
  z.object({
    row: z.int().positive(),
    action: z.enum(['create', 'update']),
    id: z.int().positive().optional(),
    revision: z.int().nonnegative().optional(),
    input: userPayloadSchema,
  }),
);

/** Checks are kept this long after their time to live, then pruned (committed ones too). */
const PRUNE_AFTER_SECONDS = 24 * 3600;

/**
 * "Periksa": reads the upload as it arrives, checks each row (import-rows.ts) and keeps the rows
 * that can be written under a token for "Impor"; writes no user. Answers the preview: counts and
 * every row with its problems.
 */
export async function checkImport(
  db: Db,
  privilege: Privilege,
  actorId: number,
  body: Readable,
  updateExisting: boolean,
  now: number,
  limits = { maxBytes: USER_IMPORT_MAX_BYTES, maxRows: USER_IMPORT_MAX_ROWS },
): Promise<ImportCheck> {
  const roleIds = db.prepare<[], number>('SELECT id FROM roles').pluck().all();
  const covered = privilege.coveredRoles(actorId, roleIds);
  const checkRow = createRowChecker(db, actorId, covered, updateExisting, privilege.scopes);
  let columns: ColumnIndex | undefined;
  const rows: ImportRow[] = [];
  const importable: ImportableRow[] = [];
  // The failed rows as they were, with their reasons: "Unduh baris bermasalah" (one line each).
  let header: string[] = [];
  const problemLines: string[] = [];
  for await (const record of readCsvUpload(body, limits)) {
    if (!columns) {
      columns = columnIndexOf(record.cells);
      header = record.cells.map((cell) => cell.replace(/^\uFEFF/, '').trim());
      continue;
    }
    const checked = checkRow(record.line, record.cells, columns);
    rows.push(checked.preview);
    if (checked.preview.action === 'error') {
      const cells = header.map((_, at) => record.cells[at] ?? '');
      problemLines.push(csvLine([record.line, ...cells, checked.preview.problems.join('; ')]));
    }
    if (checked.importable) importable.push(checked.importable);
  }
  if (rows.length === 0) throw unprocessable(`Berkas tidak berisi data user. ${EMPTY_FILE_MESSAGE}`);
  const counts = { total: rows.length, create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.action] += 1;

  let token: string | null = null;
  if (importable.length > 0) {
    token = randomBytes(24).toString('base64url');
    const seconds = Math.floor(now / 1000);
    db.prepare('DELETE FROM user_imports WHERE created_at < ?').run(seconds - PRUNE_AFTER_SECONDS);
    db.prepare(
      `INSERT INTO user_imports (token, actor_id, created_at, update_existing, unchanged, rows)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(token, actorId, seconds, updateExisting ? 1 : 0, counts.unchanged, JSON.stringify(importable));
  }
  const problemsCsv =
    problemLines.length > 0
      ? UTF8_BOM + csvLine(['Baris', ...header, 'Alasan']) + problemLines.join('')
      : null;
  return { token, update_existing: updateExisting, counts, rows, problems_csv: problemsCsv };
}

interface StoredImport {
  id: number;
  actor_id: number;
  created_at: number;
  unchanged: number;
  rows: string;
  committed_at: number | null;
}

/** Who and from where, for the events of each user written. */
export type EventOrigin = Pick<NewAuditEvent, 'ip' | 'userAgent'> & { actor: NewAuditEvent['actor'] };

/**
 * "Impor": writes every row the check kept, in one transaction with its checks: the check is the
 * actor's and not run yet; each new NIK is still free, each updated user still at the version the
 * check read and still covered; the role still one the actor may give; the keeper rule after the
 * writes. Any failure writes nothing. One Log Aktivitas event per user written (the import's own
 * event is recorded by the audit hook). Two "Impor" of the same check: the second finds it run.
 */
export function commitImport(
  db: Db,
  privilege: Privilege,
  actorId: number,
  token: string,
  now: number,
  origin: EventOrigin,
): { result: ImportResult; signInChanged: number[] } {
  const at = new Date(now).toISOString();
  return db.transaction(() => {
    const stored = db
      .prepare<[string], StoredImport>(
        'SELECT id, actor_id, created_at, unchanged, rows, committed_at FROM user_imports WHERE token = ?',
      )
      .get(token);
    const seconds = Math.floor(now / 1000);
    if (!stored || stored.actor_id !== actorId || stored.created_at + USER_IMPORT_TTL_SECONDS < seconds) {
      throw notFound(IMPORT_NOT_FOUND_MESSAGE);
    }
    if (stored.committed_at !== null) throw conflict(IMPORT_DONE_MESSAGE);
    const rows = storedRowsSchema.parse(JSON.parse(stored.rows));
    const roleIds = [...new Set(rows.map((row) => row.input.role_ids[0] ?? 0))];
    const covered = privilege.coveredRoles(actorId, roleIds);
    // Administration per company: each row still within the actor's scope (admin-scope.ts).
    const scope = privilege.scopes.of(actorId);
    const inScope = (row: (typeof rows)[number]) =>
      privilege.scopes.allowsLinks(scope, row.input.perusahaan) &&
      (row.id === undefined || privilege.scopes.visible(scope, [row.id]).has(row.id));
    const current = db.prepare<[number], { revision: number; role_id: number; nik: string; phone: string }>(
      'SELECT revision, role_id, nik, phone FROM users WHERE id = ?',
    );
    const nikTaken = db.prepare<[string], number>('SELECT 1 FROM users WHERE nik = ?').pluck();
    const ids: number[] = [];
    const signInChanged: number[] = [];
    let created = 0;
    let updated = 0;
    for (const row of rows) {
      if (!covered.has(row.input.role_ids[0] ?? 0) || !inScope(row)) {
        throw conflict(IMPORT_STALE_MESSAGE(row.row));
      }
      const base = { at: now, status: 200, result: 'done' as const, reason: null, ...origin };
      if (row.action === 'create') {
        if (nikTaken.get(row.input.nik)) throw conflict(IMPORT_STALE_MESSAGE(row.row));
        const id = createUser(db, row.input, at);
        const after = describeUserSync(db, id);
        recordEventSync(db, {
          ...base,
          action: 'user.create',
          target: { type: 'user', id: String(id), label: after?.label ?? null },
          changes: changesBetween(null, after),
        });
        ids.push(id);
        created += 1;
      } else if (row.id !== undefined) {
        const before = current.get(row.id);
        if (!before || before.revision !== row.revision || !covered.has(before.role_id)) {
          throw conflict(IMPORT_STALE_MESSAGE(row.row));
        }
        const described = describeUserSync(db, row.id);
        updateUser(db, row.id, { ...row.input, version: row.revision }, at);
        const after = describeUserSync(db, row.id);
        recordEventSync(db, {
          ...base,
          action: 'user.update',
          target: { type: 'user', id: String(row.id), label: after?.label ?? null },
          changes: changesBetween(described, after),
        });
        const now2 = current.get(row.id);
        if (
          row.id !== actorId &&
          now2 &&
          (now2.nik !== before.nik || now2.phone !== before.phone || now2.role_id !== before.role_id)
        ) {
          signInChanged.push(row.id);
        }
        ids.push(row.id);
        updated += 1;
      }
    }
    privilege.assertPanelKept();
    db.prepare('UPDATE user_imports SET committed_at = ? WHERE id = ?').run(seconds, stored.id);
    return { result: { created, updated, unchanged: stored.unchanged, ids, created_at: at }, signInChanged };
  })();
}
