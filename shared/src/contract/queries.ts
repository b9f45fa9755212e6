import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from './constants';
import { queryId, queryInt, queryKeywordSchema, queryRequiredId, sortDirectionSchema } from './fields';

/**
 * Query strings of the list calls. Values arrive as text and are coerced; '' counts as absent.
 * Without `sortBy`, lists are newest first; with `sortBy` and no `sort`, ascending.
 */

const pageSchema = queryInt('page', { min: 1, max: 1_000_000 }).transform((v) => v ?? FIRST_PAGE);
const perPageSchema = queryInt('perPage', { min: 1, max: MAX_PAGE_SIZE }).transform(
  (v) => v ?? DEFAULT_PAGE_SIZE,
);

/** A query value where '' counts as absent. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema);

/** What every sorted list query has: the page, its size, the keyword and the sort by one of `sortFields`. */
const sortedListQuery = <const F extends readonly [string, ...string[]]>(sortFields: F) => ({
  page: pageSchema,
  perPage: perPageSchema,
  keyword: queryKeywordSchema,
  sort: sortDirectionSchema,
  sortBy: blankAsAbsent(z.enum(sortFields, { error: 'sortBy tidak dikenal' }).optional()),
});

/** Columns the users list may sort by (a whitelist: it becomes SQL). */
export const userSortFields = [
  'nama',
  'nik',
  'phone',
  'email',
  'role_name',
  'created_at',
  'updated_at',
  'last_login_at',
  'id',
] as const;
export type UserSortField = (typeof userSortFields)[number];

/** The users list's status filter: active or deactivated accounts (absent: both). */
export const userStatusFilters = ['active', 'inactive'] as const;
export type UserStatusFilter = (typeof userStatusFilters)[number];

/** GET users/list. `keyword` matches nama, nik and phone, case-insensitively. */
export const userListQuerySchema = z.object({
  ...sortedListQuery(userSortFields),
  perusahaan_id: queryId('perusahaan_id'),
  cabang_id: queryId('cabang_id'),
  role_id: queryId('role_id'),
  status: blankAsAbsent(z.enum(userStatusFilters, { error: 'status harus active atau inactive' }).optional()),
  /** Users created at or after this time (ISO 8601, UTC): Home's "added in the last 7 days". */
  created_from: blankAsAbsent(
    z.iso.datetime({ error: 'created_from harus berupa waktu ISO 8601 (UTC)' }).optional(),
  ),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserListParams = z.output<typeof userListQuerySchema>;

/** Columns the roles list may sort by. */
export const roleSortFields = ['name', 'member_count', 'created_at', 'updated_at', 'id'] as const;
export type RoleSortField = (typeof roleSortFields)[number];

/**
 * GET role/list. `keyword` matches the role name.
 * `perusahaan_id` is the spec's name for this list's only filter, and the Role Management screen
 * filters by application ("Semua Aplikasi"): so it is an APPLICATION id here — the list keeps the
 * roles that grant that application — not a company id as in the users list.
 */
export const roleListQuerySchema = z.object({
  ...sortedListQuery(roleSortFields),
  perusahaan_id: queryId('perusahaan_id'),
});
export type RoleListQuery = z.input<typeof roleListQuerySchema>;
export type RoleListParams = z.output<typeof roleListQuerySchema>;

/** GET user-temporary/search: page (1), limit (20), keyword over name, nik and no_hp. */
export const employeeSearchQuerySchema = z.object({
  page: pageSchema,
  limit: queryInt('limit', { min: 1, max: 1000 }).transform((v) => v ?? 20),
  keyword: queryKeywordSchema,
});
export type EmployeeSearchQuery = z.input<typeof employeeSearchQuerySchema>;
export type EmployeeSearchParams = z.output<typeof employeeSearchQuerySchema>;

/** GET menu/with-child: the menu tree of one application. */
export const menuWithChildQuerySchema = z.object({
  apps_id: queryRequiredId('apps_id'),
});
export type MenuWithChildQuery = z.input<typeof menuWithChildQuerySchema>;

/** GET /__dev/outbox: optional filter by phone number. */
export const outboxQuerySchema = z.object({
  to: blankAsAbsent(z.string().trim().max(32).optional()),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;
