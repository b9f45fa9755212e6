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
import { allowsLinks, visibleUsers } from '../../access/admin-scope';
import type { Privilege } from '../../access/privilege';
import { csvLine, UTF8_BOM } from '../../audit/csv';
import { recordEvent, type NewAuditEvent } from '../../audit/audit-store';
import { describeUser } from '../../audit/describers';
import { changesBetween } from '../../audit/audit-targets';
import type { Store } from '../../db/store';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { createUser, updateUser } from '../user-writes';
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
  store: Store,
  privilege: Privilege,
  actorId: number,
  body: Readable,
  updateExisting: boolean,
  now: number,
  limits = { maxBytes: USER_IMPORT_MAX_BYTES, maxRows: USER_IMPORT_MAX_ROWS },
): Promise<ImportCheck> {
  const roleIds = (await store.db.selectFrom('roles').select('id').execute()).map((role) => role.id);
  const covered = await privilege.coveredRoles(actorId, roleIds);
  const checkRow = await createRowChecker(store, actorId, covered, updateExisting);
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
    const checked = await checkRow(record.line, record.cells, columns);
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
    await store.db
      .deleteFrom('user_imports')
      .where('created_at', '<', seconds - PRUNE_AFTER_SECONDS)
      .execute();
    await store.db
      .insertInto('user_imports')
      .values({
        token,
        actor_id: actorId,
        created_at: seconds,
        update_existing: updateExisting ? 1 : 0,
        unchanged: counts.unchanged,
        rows: JSON.stringify(importable),
      })
      .execute();
  }
  const problemsCsv =
    problemLines.length > 0
      ? UTF8_BOM + csvLine(['Baris', ...header, 'Alasan']) + problemLines.join('')
      : null;
  return { token, update_existing: updateExisting, counts, rows, problems_csv: problemsCsv };
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
  store: Store,
  privilege: Privilege,
  actorId: number,
  token: string,
  now: number,
  origin: EventOrigin,
): Promise<{ result: ImportResult; signInChanged: number[] }> {
  const at = new Date(now).toISOString();
  return privilege.guarded(async (trx) => {
    const stored = await trx
      .selectFrom('user_imports')
      .select(['id', 'actor_id', 'created_at', 'unchanged', 'rows', 'committed_at'])
      .where('token', '=', token)
      .executeTakeFirst();
    const seconds = Math.floor(now / 1000);
    if (!stored || stored.actor_id !== actorId || stored.created_at + USER_IMPORT_TTL_SECONDS < seconds) {
      throw notFound(IMPORT_NOT_FOUND_MESSAGE);
    }
    if (stored.committed_at !== null) throw conflict(IMPORT_DONE_MESSAGE);
    const rows = storedRowsSchema.parse(JSON.parse(stored.rows));
    const roleIds = [...new Set(rows.map((row) => row.input.role_ids[0] ?? 0))];
    const covered = await privilege.coveredRoles(actorId, roleIds, trx);
    // Administration per company: each row still within the actor's scope (admin-scope.ts).
    const scope = await privilege.scopeOf(actorId, trx);
    const updatedIds = rows.flatMap((row) => (row.id === undefined ? [] : [row.id]));
    const visible = await visibleUsers(store, scope, updatedIds, trx);
    const inScope = (row: (typeof rows)[number]) =>
      allowsLinks(scope, row.input.perusahaan) && (row.id === undefined || visible.has(row.id));
    const current = (id: number) =>
      trx
        .selectFrom('users')
        .select(['revision', 'role_id', 'nik', 'phone'])
        .where('id', '=', id)
        .executeTakeFirst();
    const nikTaken = async (nik: string) =>
      (await trx
        .selectFrom('users')
        .select('id')
        .where((eb) => store.admin.equalsNoCase(eb.ref('nik'), nik))
        .executeTakeFirst()) !== undefined;
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
        if (await nikTaken(row.input.nik)) throw conflict(IMPORT_STALE_MESSAGE(row.row));
        const id = await createUser(trx, store.admin, row.input, at);
        const after = await describeUser(trx, id);
        await recordEvent(trx, {
          ...base,
          action: 'user.create',
          target: { type: 'user', id: String(id), label: after?.label ?? null },
          changes: changesBetween(null, after),
        });
        ids.push(id);
        created += 1;
      } else if (row.id !== undefined) {
        const before = await current(row.id);
        if (!before || before.revision !== row.revision || !covered.has(before.role_id)) {
          throw conflict(IMPORT_STALE_MESSAGE(row.row));
        }
        const described = await describeUser(trx, row.id);
        await updateUser(trx, store.admin, row.id, { ...row.input, version: row.revision }, at);
        const after = await describeUser(trx, row.id);
        await recordEvent(trx, {
          ...base,
          action: 'user.update',
          target: { type: 'user', id: String(row.id), label: after?.label ?? null },
          changes: changesBetween(described, after),
        });
        const now2 = await current(row.id);
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
    await privilege.assertPanelKept(trx);
    await trx
      .updateTable('user_imports')
      .set({ committed_at: seconds })
      .where('id', '=', stored.id)
      .execute();
    return { result: { created, updated, unchanged: stored.unchanged, ids, created_at: at }, signInChanged };
  });
}
