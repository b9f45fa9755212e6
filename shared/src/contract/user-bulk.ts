import { z } from 'zod';
import { envelope } from './envelope';
import { idSchema, requiredId } from './fields';
import { bulkDeletePayloadSchema, userCompanyPayloadSchema } from './payloads';

/**
 * Users in bulk (issue 33): the CSV export of the filtered list, the CSV import checked on the
 * server before anything is written, and bulk role and AP/unit changes.
 */
export const userBulkPaths = {
  /** The list's search and filters (not its page) as CSV, at most USER_EXPORT_MAX_ROWS rows. */
  export: '/api/v1/ap/users/export',
  /** The import's header with one example row. */
  importTemplate: '/api/v1/ap/users/import/template',
  /** POST the CSV file itself (`text/csv`): every row checked, nothing written; answers the preview. */
  importCheck: '/api/v1/ap/users/import/check',
  /** POST `{ token }` of a check: writes its valid rows in one transaction. */
  importCommit: '/api/v1/ap/users/import/commit',
  /** PATCH `{ ids, role_id }`: one role for every user named; all or nothing. */
  bulkRole: '/api/v1/ap/users/bulk/role',
  /** PATCH `{ ids, perusahaan }`: APs and units added to every user named; all or nothing. */
  bulkCompanies: '/api/v1/ap/users/bulk/companies',
} as const;

/** Largest export; a larger selection is refused (422) with the advice to filter. */
export const USER_EXPORT_MAX_ROWS = 50_000;
/** Most data rows one import file may hold. */
export const USER_IMPORT_MAX_ROWS = 10_000;
/** Largest import file (bytes): 10,000 rows of long names, several APs and units fit in it. */
export const USER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** How long a checked file may wait for "Impor" (seconds). */
export const USER_IMPORT_TTL_SECONDS = 3600;

/**
 * Columns of the export, the template and the import, in this order. AP by name, units by code
 * ("Kode Unit") or, when that cell is empty, by name ("Unit"); several values separated by `;`.
 * Status and Terakhir Masuk are exported and ignored by the import.
 */
export const USER_CSV_COLUMNS = [
  'NIK',
  'Nama',
  'Nomor HP',
  'Email',
  'Role',
  'AP',
  'Kode Unit',
  'Unit',
  'Status',
  'Terakhir Masuk',
] as const;
export type UserCsvColumn = (typeof USER_CSV_COLUMNS)[number];
/**
 * Columns an import file must have, the first six (Email may be empty in a row, but the column is
 * there).
 */
export const USER_IMPORT_REQUIRED_COLUMNS: readonly UserCsvColumn[] = USER_CSV_COLUMNS.slice(0, 6);
/** Separator of several APs or units inside one cell. */
export const USER_CSV_LIST_SEPARATOR = ';';

/** What the import does with a row. */
export const importRowActions = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportRowAction = (typeof importRowActions)[number];

/** One data row of a checked file as the preview shows it (`row`: its line number in the file). */
export const importRowSchema = z.object({
  row: z.int().positive(),
  action: z.enum(importRowActions),
  nik: z.string(),
  nama: z.string(),
  role: z.string(),
  ap: z.string(),
  unit: z.string(),
  /** Indonesian messages, one per problem; empty unless `action` is `error`. */
  problems: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importCheckSchema = z.object({
  /** Names this check for the commit; null when no row can be imported. */
  token: z.string().nullable(),
  update_existing: z.boolean(),
  counts: z.object({
    total: z.int().nonnegative(),
    create: z.int().nonnegative(),
    update: z.int().nonnegative(),
    unchanged: z.int().nonnegative(),
    error: z.int().nonnegative(),
  }),
  rows: z.array(importRowSchema),
  /**
   * "Unduh baris bermasalah": the rows with problems as they were in the file, with a column
   * "Alasan", as CSV (BOM, the export's rules); null when every row passed.
   */
  problems_csv: z.string().nullable(),
});
export type ImportCheck = z.infer<typeof importCheckSchema>;
export const importCheckResponseSchema = envelope(importCheckSchema);

export const importCommitPayloadSchema = z.object({
  token: z
    .string({ error: 'Token impor tidak boleh kosong' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Token impor tidak valid'),
});
export type ImportCommitPayload = z.input<typeof importCommitPayloadSchema>;

export const importResultSchema = z.object({
  created: z.int().nonnegative(),
  updated: z.int().nonnegative(),
  unchanged: z.int().nonnegative(),
  /** Ids of the users added and updated (the list filtered to them). */
  ids: z.array(idSchema),
  /** The `created_at` of every user added: the users list filtered from it shows them. */
  created_at: z.string(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const importResultResponseSchema = envelope(importResultSchema);

/** PATCH users/bulk/role. */
export const bulkRolePayloadSchema = bulkDeletePayloadSchema.extend({
  role_id: requiredId('Role', 'Role harus dipilih'),
});
export type BulkRolePayload = z.input<typeof bulkRolePayloadSchema>;

/** PATCH users/bulk/companies: added to what each user has (nothing removed). */
export const bulkCompaniesPayloadSchema = bulkDeletePayloadSchema.extend({
  perusahaan: z
    .array(userCompanyPayloadSchema, { error: 'Minimal pilih 1 AP' })
    .min(1, 'Minimal pilih 1 AP')
    .max(200, 'Terlalu banyak AP'),
});
export type BulkCompaniesPayload = z.input<typeof bulkCompaniesPayloadSchema>;

/** Bulk role and AP/unit answers: the users changed. */
export const bulkUserChangeResponseSchema = envelope(
  z.object({ ids: z.array(idSchema), changed: z.int().nonnegative() }),
);
