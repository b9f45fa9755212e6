import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from './constants';
import { listEnvelope } from './envelope';
import { queryId, queryInt, queryKeywordSchema, sortDirectionSchema } from './fields';

/**
 * Peta Akses (issue 32, ADR 0025): who reaches which application, menu and sub-menu, at which level,
 * through which role. Read only, within the reader's administration scope (admin-scope.ts of the
 * api): a scoped reader sees only the users they administer.
 */
export const accessMapPaths = {
  /** The applications and their menu trees, the reader's companies with units, the roles: the filters. */
  options: '/api/v1/ap/access-map/options',
  /** By place: every user reaching an application, menu or sub-menu (list envelope). */
  byPlace: '/api/v1/ap/access-map/by-place',
  /** The same rows as CSV (UTF-8 with BOM, formula cells neutralised). */
  byPlaceExport: '/api/v1/ap/access-map/by-place/export',
  /** By person: the users the reader may pick (search by name or NIK). */
  people: '/api/v1/ap/access-map/people',
  /** By person: one user's effective access (list envelope of rows). */
  byPerson: (id: number | string) => `/api/v1/ap/access-map/by-person/${id}`,
  byPersonExport: (id: number | string) => `/api/v1/ap/access-map/by-person/${id}/export`,
} as const;

/** Levels as the access model names them (1 owner, 2 modifier, 3 viewer). */
export const accessMapLevelLabel: Readonly<Record<1 | 2 | 3, string>> = {
  1: 'Owner',
  2: 'Modifier',
  3: 'Viewer',
};

/**
 * The by-place list counts matches up to this many (+1 means "more than that"), as Log Aktivitas
 * does: an exact count tests every reaching user against the reader's scope, which at 200,000 users
 * costs more than the page (ADR 0025). The CSV holds every row.
 */
export const ACCESS_MAP_COUNT_LIMIT = 1_000;

/** Largest CSV of Peta Akses; a larger selection is cut after this many rows. */
export const ACCESS_MAP_EXPORT_MAX_ROWS = 200_000;

const page = queryInt('page', { min: 1, max: 1_000_000 }).transform((v) => v ?? FIRST_PAGE);
const perPage = queryInt('perPage', { min: 1, max: MAX_PAGE_SIZE }).transform((v) => v ?? DEFAULT_PAGE_SIZE);
const blankless = (v: unknown) => (v === '' ? undefined : v);

export const accessMapPlaceSortFields = ['nama', 'nik', 'level', 'role'] as const;
export const accessMapPersonSortFields = ['place', 'level', 'role'] as const;
/** The keyword, the sort by one of `sortFields` and the page, at the end of both views' queries. */
const sortedPage = <const F extends readonly [string, ...string[]]>(sortFields: F) => ({
  keyword: queryKeywordSchema,
  sortBy: z.preprocess(blankless, z.enum(sortFields, { error: 'sortBy tidak dikenal' }).optional()),
  sort: sortDirectionSchema,
  page,
  perPage,
});

const levelSchema = z.preprocess(
  blankless,
  z.coerce
    .number({ error: 'level harus 1, 2 atau 3' })
    .int({ error: 'level harus 1, 2 atau 3' })
    .min(1, 'level harus 1, 2 atau 3')
    .max(3, 'level harus 1, 2 atau 3')
    .optional(),
);

/**
 * GET access-map/by-place: `app` is required; `menu` names a menu or sub-menu of that application
 * (absent: the application itself, reached through any of its menus, at the best level held).
 */
export const accessMapPlaceQuerySchema = z.object({
  app: queryId('app').transform((value, ctx) => {
    if (value !== undefined) return value;
    ctx.issues.push({ code: 'custom', message: 'Pilih aplikasi', input: value });
    return z.NEVER;
  }),
  menu: queryId('menu'),
  perusahaan_id: queryId('perusahaan_id'),
  cabang_id: queryId('cabang_id'),
  role_id: queryId('role_id'),
  level: levelSchema,
  ...sortedPage(accessMapPlaceSortFields),
});
export type AccessMapPlaceQuery = z.input<typeof accessMapPlaceQuerySchema>;
export type AccessMapPlaceParams = z.output<typeof accessMapPlaceQuerySchema>;

/** GET access-map/by-person/{id}: the rows of one user, filtered by application and level. */
export const accessMapPersonQuerySchema = z.object({
  app: queryId('app'),
  level: levelSchema,
  ...sortedPage(accessMapPersonSortFields),
});
export type AccessMapPersonQuery = z.input<typeof accessMapPersonQuerySchema>;
export type AccessMapPersonParams = z.output<typeof accessMapPersonQuerySchema>;

/** GET access-map/people: a keyword (name or NIK), at most 20 answers. */
export const accessMapPeopleQuerySchema = z.object({ keyword: queryKeywordSchema });

const levelValue = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** One user reaching the chosen place. `level` is null for an application granted without menus. */
export const accessMapPlaceRowSchema = z.object({
  user_id: z.int(),
  nik: z.string(),
  nama: z.string(),
  is_active: z.boolean(),
  role_id: z.int(),
  role_name: z.string(),
  level: levelValue.nullable(),
  /** The user's APs, names joined by ", ". */
  companies: z.string(),
});
export type AccessMapPlaceRow = z.infer<typeof accessMapPlaceRowSchema>;
export const accessMapPlaceListSchema = listEnvelope(accessMapPlaceRowSchema);

/** One place a user reaches: an application (menu null), a menu, or a sub-menu (parent set). */
export const accessMapPersonRowSchema = z.object({
  app_id: z.int(),
  app_name: z.string(),
  menu_id: z.int().nullable(),
  menu_name: z.string().nullable(),
  parent_name: z.string().nullable(),
  level: levelValue.nullable(),
  role_id: z.int(),
  role_name: z.string(),
});
export type AccessMapPersonRow = z.infer<typeof accessMapPersonRowSchema>;
export const accessMapPersonResponseSchema = z.object({
  message: z.string().optional(),
  data: z.array(accessMapPersonRowSchema),
  meta: z.object({
    total: z.number().int().nonnegative(),
    user: z.object({
      id: z.int(),
      nik: z.string(),
      nama: z.string(),
      role_name: z.string(),
      companies: z.string(),
    }),
  }),
});

export const accessMapPersonOptionSchema = z.object({ id: z.int(), nik: z.string(), nama: z.string() });
export const accessMapPeopleResponseSchema = z.object({
  message: z.string().optional(),
  data: z.array(accessMapPersonOptionSchema),
});

const menuNode = z.object({ id: z.int(), name: z.string() });
export const accessMapOptionsSchema = z.object({
  message: z.string().optional(),
  data: z.object({
    applications: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        menus: z.array(menuNode.extend({ children: z.array(menuNode) })),
      }),
    ),
    companies: z.array(z.object({ id: z.int(), nama: z.string(), units: z.array(menuNode) })),
    roles: z.array(menuNode),
  }),
});
export type AccessMapOptions = z.infer<typeof accessMapOptionsSchema>['data'];
