import { z } from 'zod';
import { menuSchema } from './entities';
import { envelope, listEnvelope } from './envelope';
import {
  hexColorSchema,
  httpUrlSchema,
  idSchema,
  queryKeywordSchema,
  queryInt,
  sortDirectionSchema,
} from './fields';
import { foldName, nameSchema } from './names';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from './constants';
import { ssoClientPayloadSchema, ssoClientSchema } from './sso-clients';

/**
 * App Management (ours, beside spec 7): applications with their two-level menu trees, written by the
 * apps remote and read by every screen that lists applications (roles, sessions).
 */

/** Limits of the application form (issue "App Management"). */
export const APPLICATION_LIMITS = {
  name: 100,
  descriptions: 500,
  url: 2048,
  menuName: 100,
  /** Menus and sub-menus of one application, all levels together. */
  menus: 200,
  /** Bytes of an uploaded logo. */
  logoBytes: 256 * 1024,
} as const;

/** Columns the applications list may sort by. */
export const applicationSortFields = ['name', 'menu_count', 'role_count', 'id'] as const;
export type ApplicationSortField = (typeof applicationSortFields)[number];

/** GET applications/list: `keyword` matches the name; without `sortBy`, newest first. */
export const applicationListQuerySchema = z.object({
  page: queryInt('page', { min: 1, max: 1_000_000 }).transform((v) => v ?? FIRST_PAGE),
  perPage: queryInt('perPage', { min: 1, max: MAX_PAGE_SIZE }).transform((v) => v ?? DEFAULT_PAGE_SIZE),
  keyword: queryKeywordSchema,
  sort: sortDirectionSchema,
  sortBy: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(applicationSortFields, { error: 'sortBy tidak dikenal' }).optional(),
  ),
});
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;
export type ApplicationListParams = z.output<typeof applicationListQuerySchema>;

/** An application as App Management lists it. `logo_uploaded`: false while the logo is generated. */
export const managedApplicationSchema = z.object({
  id: idSchema,
  name: z.string(),
  descriptions: z.string().nullable(),
  url: httpUrlSchema,
  logo_url: httpUrlSchema,
  logo_uploaded: z.boolean(),
  menu_count: z.int().nonnegative(),
  role_count: z.int().nonnegative(),
  /**
   * Roles granting it that hold back its deletion by the caller: all but the caller's own role and
   * the application administrators' (a delete is refused, 409, while there are any). The panel says
   * so before any confirmation.
   */
  blocking_role_count: z.int().nonnegative(),
});
export type ManagedApplication = z.infer<typeof managedApplicationSchema>;

/** A role that grants an application. */
export const applicationRoleSchema = z.object({ id: idSchema, name: z.string(), hex_code: hexColorSchema });
export type ApplicationRole = z.infer<typeof applicationRoleSchema>;

/**
 * One application with its menu tree and the roles granting it. `locked_menu_ids`: menus the
 * panel's access model uses (app 1), which cannot be renamed or removed; `deletable`: false for app 1.
 */
export const applicationDetailSchema = managedApplicationSchema.extend({
  menus: z.array(menuSchema),
  roles: z.array(applicationRoleSchema),
  locked_menu_ids: z.array(idSchema),
  deletable: z.boolean(),
  /** Its OpenID Connect client ("Integrasi SSO"), null without one (always for app 1). */
  sso: ssoClientSchema.nullable(),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/** A menu's or sub-menu's name. */
export const menuNameSchema = nameSchema(
  'Nama menu',
  'Nama menu tidak boleh kosong',
  APPLICATION_LIMITS.menuName,
);

/** A sub-menu in the tree of an application payload: an existing one by `id`, a new one without. */
export const subMenuPayloadSchema = z.object({ id: idSchema.optional(), name: menuNameSchema });

/** A menu with its sub-menus, in order. */
export const menuPayloadSchema = z.object({
  id: idSchema.optional(),
  name: menuNameSchema,
  children: z.array(subMenuPayloadSchema).max(APPLICATION_LIMITS.menus).default([]),
});
export type MenuPayload = z.input<typeof menuPayloadSchema>;

const DUPLICATE_MENU = 'Nama menu sudah dipakai di tingkat yang sama';

/** A problem of a menu tree, at its path inside the tree (`[1, 'name']`, `[0, 'children', 2, 'name']`). */
export interface MenuTreeIssue {
  path: Array<string | number>;
  message: string;
}

/** Menu names unique per level (folded), at most APPLICATION_LIMITS.menus menus in all (api and form). */
export function menuTreeIssues(
  menus: ReadonlyArray<{ name: string; children: ReadonlyArray<{ name: string }> }>,
): MenuTreeIssue[] {
  const issues: MenuTreeIssue[] = [];
  const flagDuplicates = (names: string[], path: (i: number) => Array<string | number>) => {
    const seen = new Set<string>();
    names.forEach((name, i) => {
      const key = foldName(name);
      if (key !== '' && seen.has(key)) issues.push({ message: DUPLICATE_MENU, path: path(i) });
      seen.add(key);
    });
  };
  flagDuplicates(
    menus.map((m) => m.name),
    (i) => [i, 'name'],
  );
  menus.forEach((menu, m) =>
    flagDuplicates(
      menu.children.map((c) => c.name),
      (i) => [m, 'children', i, 'name'],
    ),
  );
  const total = menus.reduce((sum, menu) => sum + 1 + menu.children.length, 0);
  if (total > APPLICATION_LIMITS.menus) {
    issues.push({ message: `Maksimal ${APPLICATION_LIMITS.menus} menu`, path: [] });
  }
  return issues;
}

/** `Deskripsi`: optional, at most 500 characters (blank is none). */
export const applicationDescriptionSchema = z
  .string({ error: 'Deskripsi harus berupa teks' })
  .trim()
  .max(APPLICATION_LIMITS.descriptions, `Deskripsi maksimal ${APPLICATION_LIMITS.descriptions} karakter`);

/** `URL Aplikasi`: required, absolute, http or https only. */
export const applicationUrlSchema = z
  .string({ error: 'URL Aplikasi tidak boleh kosong' })
  .trim()
  .min(1, 'URL Aplikasi tidak boleh kosong')
  .max(APPLICATION_LIMITS.url, `URL Aplikasi maksimal ${APPLICATION_LIMITS.url} karakter`)
  .pipe(z.url({ protocol: /^https?$/, error: 'URL Aplikasi harus diawali http:// atau https://' }));

/**
 * POST applications/create, PATCH applications/update/{id}: the application and its whole menu
 * tree (menus absent from `menus` are removed). `logo_id`: an upload to use; null: the generated
 * logo; absent: keep the current one.
 */
export const applicationPayloadSchema = z
  .object({
    name: nameSchema('Nama Aplikasi', 'Nama Aplikasi tidak boleh kosong', APPLICATION_LIMITS.name),
    descriptions: applicationDescriptionSchema
      .nullish()
      .transform((value) => (value ? value.normalize('NFC') : null)),
    url: applicationUrlSchema,
    logo_id: idSchema.nullable().optional(),
    menus: z
      .array(menuPayloadSchema, { error: 'Menu harus berupa daftar' })
      .max(APPLICATION_LIMITS.menus)
      .default([]),
    /** "Integrasi SSO": the client to keep (its type and URIs); null: none; absent: unchanged. */
    sso: ssoClientPayloadSchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    for (const issue of menuTreeIssues(value.menus)) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['menus', ...issue.path] });
    }
  });
export type ApplicationPayload = z.input<typeof applicationPayloadSchema>;
export type ApplicationInput = z.output<typeof applicationPayloadSchema>;

/** POST applications/logo: the file's bytes in base64; its type is read from the bytes, never the name. */
export const logoUploadPayloadSchema = z.object({
  file_name: z.string().max(255).optional(),
  data: z
    .string({ error: 'Logo tidak boleh kosong' })
    .min(1, 'Logo tidak boleh kosong')
    .max(Math.ceil(APPLICATION_LIMITS.logoBytes / 3) * 4 + 8, 'Ukuran logo maksimal 256 KB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Logo tidak terbaca'),
});
export type LogoUploadPayload = z.input<typeof logoUploadPayloadSchema>;

export const applicationListResponseSchema = listEnvelope(managedApplicationSchema);
export type ApplicationListResponse = z.infer<typeof applicationListResponseSchema>;

export const applicationDetailResponseSchema = envelope(applicationDetailSchema);
export type ApplicationDetailResponse = z.infer<typeof applicationDetailResponseSchema>;

/**
 * Create and update answer the saved application; `client_secret` only when the api has just made
 * a secret (a new confidential client, or a public one made confidential): shown once, stored hashed.
 */
export const applicationSavedResponseSchema = envelope(
  applicationDetailSchema.extend({ client_secret: z.string().min(1).optional() }),
);
export type ApplicationSavedResponse = z.infer<typeof applicationSavedResponseSchema>;

export const logoUploadResponseSchema = envelope(z.object({ logo_id: idSchema, logo_url: httpUrlSchema }));
export type LogoUploadResponse = z.infer<typeof logoUploadResponseSchema>;
