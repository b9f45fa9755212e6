import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  USER_CSV_COLUMNS,
  USER_CSV_LIST_SEPARATOR,
  USER_EXPORT_MAX_ROWS,
  USER_IMPORT_MAX_BYTES,
  bulkCompaniesPayloadSchema,
  bulkRolePayloadSchema,
  importCommitPayloadSchema,
  userBulkPaths,
  userListQuerySchema,
  type User,
} from '@sso/shared/contract';
import { csvLine, sendCsv, UTF8_BOM } from '../../audit/csv';
import { unprocessable } from '../../http/errors';
import { isoAt, ok } from '../../http/reply';
import { action, auditedWithoutFields, audited } from '../../http/route';
import { userWithSessionsTarget } from '../../audit/describers';
import { userRoute } from '../user-route';
import { actorScopeOf, allowsLinks } from '../../access/admin-scope';
import { userSlices } from '../user-queries';
import { addCompanies, changeRoles } from './bulk-changes';
import { tooLarge } from './csv-upload';
import { checkImport, commitImport } from './user-import';

const list = (values: readonly string[]) => values.join(`${USER_CSV_LIST_SEPARATOR} `);

/** One user as an export line (the columns of USER_CSV_COLUMNS). */
export function userCsvLine(user: User): string {
  const units = user.perusahaan.flatMap((company) => company.cabang);
  return csvLine([
    user.nik,
    user.nama,
    user.phone,
    user.email,
    user.role_name,
    list(user.perusahaan.map((company) => company.perusahaan_name)),
    list(units.map((unit) => unit.cabang_kode)),
    list(units.map((unit) => unit.cabang_name)),
    user.is_active === false ? 'Nonaktif' : 'Aktif',
    user.last_login_at ?? '',
  ]);
}

const TEMPLATE_EXAMPLE = [
  '3201001',
  'Siti Rahmawati',
  '081234567001',
  'siti.rahmawati@contoh.co.id',
  'Viewer',
  '',
  '',
  '',
  '',
  '',
];

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `?update_existing=1`: a NIK that exists updates that user ("Perbarui user yang sudah ada"). */
const checkQuerySchema = z.object({
  update_existing: z
    .enum(['0', '1', 'true', 'false'], { error: 'update_existing harus 0 atau 1' })
    .optional(),
});

/**
 * The import's upload arrives as the CSV file itself: handed to the route as the request stream
 * (read and checked as it arrives, see csv-upload.ts), never buffered whole.
 */
export function installCsvUpload(scope: FastifyInstance): void {
  scope.addContentTypeParser(['text/csv', 'application/vnd.ms-excel'], (_request, payload, done) => {
    done(null, payload);
  });
}

/**
 * Users in bulk (issue 33): the export of the list's search and filters, the import's template,
 * check and commit, and the bulk role and AP/unit changes; the privilege rules per user
 * (import-rows.ts, bulk-changes.ts).
 */
export const userBulkRoutes = [
  userRoute({
    method: 'GET',
    path: userBulkPaths.export,
    access: action('exportUsers'),
    query: userListQuerySchema,
    handler: async ({ query, auth, reply }, { ctx }) => {
      const { page: _page, perPage: _perPage, ...params } = query;
      // Within the actor's administration scope: no query parameter widens it (admin-scope.ts).
      const scope = await actorScopeOf(ctx.store, auth.userId);
      const { total, slices } = await userSlices(ctx.store, params, ctx.logoUrl, scope);
      if (total > USER_EXPORT_MAX_ROWS) {
        throw unprocessable(
          `Hasil filter berisi ${total.toLocaleString('id-ID')} user, melebihi batas ekspor ${USER_EXPORT_MAX_ROWS.toLocaleString('id-ID')} baris. Persempit pencarian atau filter.`,
        );
      }
      return sendCsv(
        reply,
        `daftar-user-${day(ctx.clock())}.csv`,
        USER_CSV_COLUMNS,
        (async function* chunks() {
          for await (const slice of slices) yield slice.map(userCsvLine).join('');
        })(),
      );
    },
  }),
  userRoute({
    method: 'GET',
    path: userBulkPaths.importTemplate,
    access: action('importUsers'),
    handler: async ({ auth, reply }, { ctx, privilege }) => {
      // An existing AP and one of its units make the example row importable as it is: one within
      // the actor's administration scope (admin-scope.ts).
      const scope = await privilege.scopeOf(auth.userId);
      const { rows: examples } = await sql<{
        id: number;
        branch: number | null;
        nama: string;
        kode: string | null;
        name: string | null;
      }>`SELECT c.id, b.id AS branch, c.nama, b.kode, b.name FROM companies c LEFT JOIN branches b ON b.company_id = c.id
         ORDER BY c.sort_key, c.id, b.name`.execute(ctx.store.db);
      const example = examples.find((row) =>
        allowsLinks(scope, [
          { perusahaan_id: row.id, cabang: row.branch === null ? [] : [{ cabang_id: row.branch }] },
        ]),
      );
      const row = [...TEMPLATE_EXAMPLE];
      row[5] = example?.nama ?? '';
      row[6] = example?.kode ?? '';
      row[7] = example?.name ?? '';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="template-impor-user.csv"')
        .header('cache-control', 'no-store')
        .send(UTF8_BOM + csvLine(USER_CSV_COLUMNS) + csvLine(row));
    },
  }),
  userRoute({
    method: 'POST',
    path: userBulkPaths.importCheck,
    access: action('checkUserImport'),
    // The import as a whole: one event (each user an import adds or updates has one at the commit).
    query: checkQuerySchema,
    audit: auditedWithoutFields('user.import_check'),
    handler: async ({ query, request, auth }, { ctx, privilege }) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > USER_IMPORT_MAX_BYTES)
        throw tooLarge(USER_IMPORT_MAX_BYTES);
      if (!(request.body instanceof Readable)) {
        throw unprocessable('Unggah berkas CSV (text/csv) hasil "Unduh template" atau "Unduh CSV".');
      }
      const { update_existing: updateExisting } = query;
      const checked = await checkImport(
        ctx.store,
        privilege,
        auth.userId,
        request.body,
        updateExisting === '1' || updateExisting === 'true',
        ctx.clock(),
      );
      return ok('Berkas selesai diperiksa', checked);
    },
  }),
  userRoute({
    method: 'POST',
    path: userBulkPaths.importCommit,
    access: action('importUsers'),
    body: importCommitPayloadSchema,
    audit: auditedWithoutFields('user.import'),
    handler: async ({ body: { token }, request, auth }, { ctx, privilege }) => {
      const { store, sessions } = ctx;
      const actorId = auth.userId;
      const actor = await store.db
        .selectFrom('users')
        .select(['nik', 'nama'])
        .where('id', '=', actorId)
        .executeTakeFirst();
      const { result, signInChanged } = await commitImport(store, privilege, actorId, token, ctx.clock(), {
        actor: { id: actorId, nik: actor?.nik ?? null, name: actor?.nama ?? null },
        ip: request.ip,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      });
      // As an edit of one user: another user's change of how one signs in ends one's sessions.
      for (const id of signInChanged) await sessions.revokeUser(id, 'access_changed');
      const total = result.created + result.updated;
      return ok(`${total} user berhasil diimpor`, result);
    },
  }),
  userRoute({
    method: 'PATCH',
    path: userBulkPaths.bulkRole,
    access: action('bulkEditUsers'),
    body: bulkRolePayloadSchema,
    audit: audited(userWithSessionsTarget),
    handler: async ({ body, auth }, { ctx, privilege }) => {
      const actorId = auth.userId;
      const changed = await changeRoles(
        ctx.store,
        privilege,
        actorId,
        body.ids,
        body.role_id,
        isoAt(ctx.clock()),
      );
      for (const id of changed) if (id !== actorId) await ctx.sessions.revokeUser(id, 'access_changed');
      return ok(`Role ${changed.length} user berhasil diubah`, { ids: changed, changed: changed.length });
    },
  }),
  userRoute({
    method: 'PATCH',
    path: userBulkPaths.bulkCompanies,
    access: action('bulkEditUsers'),
    body: bulkCompaniesPayloadSchema,
    audit: audited(userWithSessionsTarget),
    handler: async ({ body, auth }, { ctx, privilege }) => {
      const changed = await addCompanies(
        ctx.store,
        privilege,
        auth.userId,
        body.ids,
        body.perusahaan,
        isoAt(ctx.clock()),
      );
      return ok(`AP/Unit ${changed.length} user berhasil ditambahkan`, {
        ids: changed,
        changed: changed.length,
      });
    },
  }),
];
