import { z } from 'zod';
import type { AccessLevel } from '@sso/shared/access';
import { hexColorSchema, httpUrlSchema, idSchema } from './fields';
import { versionSchema } from './versions';
import { adminScopeSchema } from './admin-scope';

/**
 * Entities of spec section 3 as the api sends them. Field names are the spec's, typos included
 * (`acces_level` in role responses, while role payloads say `access_level`).
 */

/** A colour a role may take: `{ id, hex_code }` (GET colors). */
export const colorSchema = z.object({ id: idSchema, hex_code: hexColorSchema });
export type Color = z.infer<typeof colorSchema>;

/** Access level of a menu grant: 1 owner, 2 modifier, 3 viewer. */
export const accessLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'Level akses harus 1, 2 atau 3',
}) satisfies z.ZodType<AccessLevel>;

/** A unit (branch) of a company in the companies list; `kode` is its short code. */
export const companyBranchSchema = z.object({
  id: idSchema,
  name: z.string(),
  daerah: z.string(),
  kode: z.string(),
});
export type CompanyBranch = z.infer<typeof companyBranchSchema>;

/** An AP (company) with its units; lists are sorted by name ignoring dots and case. */
export const companySchema = z.object({
  id: idSchema,
  nama: z.string(),
  logo_url: httpUrlSchema,
  cabangs: z.array(companyBranchSchema),
});
export type Company = z.infer<typeof companySchema>;

/** A unit of a user, inside one of the user's companies. */
export const userBranchSchema = z.object({
  cabang_id: idSchema,
  cabang_name: z.string(),
  cabang_kode: z.string(),
});
export type UserBranch = z.infer<typeof userBranchSchema>;

/** One AP of a user with the units chosen in it (`cabang` may be empty). */
export const userCompanySchema = z.object({
  perusahaan_id: idSchema,
  perusahaan_name: z.string(),
  perusahaan_logo_url: httpUrlSchema,
  cabang: z.array(userBranchSchema),
});
export type UserCompany = z.infer<typeof userCompanySchema>;

/** A user as listed (and as answered by create/update). `email` may be ''. */
export const userSchema = z.object({
  id: idSchema,
  nama: z.string(),
  nik: z.string(),
  phone: z.string(),
  email: z.string(),
  role_id: idSchema,
  role_name: z.string(),
  color_hex_code: hexColorSchema,
  perusahaan: z.array(userCompanySchema),
  // Account lifecycle: the api always sends them; optional so edit links made before still decode.
  is_active: z.boolean().optional(),
  /** ISO 8601 time of the last successful sign-in; null when never. */
  last_login_at: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** One user as GET users/{id}, create and update answer it: with its `version` (versions.ts). */
export const userDetailSchema = userSchema.extend({ version: versionSchema });
export type UserDetail = z.infer<typeof userDetailSchema>;

/** An entry of the employee directory (user-temporary search), source of Tambah User. */
export const employeeSchema = z.object({
  id: idSchema,
  name: z.string(),
  nik: z.string(),
  no_hp: z.string(),
  email: z.string(),
  /** True when a user with this NIK already exists ("Sudah terdaftar": Tambah User cannot choose it). Ours. */
  registered: z.boolean().optional(),
  /** The employee's company (AP), null when not known. Ours (issue 32). */
  perusahaan_id: idSchema.nullable().optional(),
  perusahaan_name: z.string().nullable().optional(),
  /** True when that company is one of the acting user's own (listed first, Tambah User marks them). Ours. */
  own_company: z.boolean().optional(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** An application of the group (GET applications). */
export const applicationSchema = z.object({
  id: idSchema,
  name: z.string(),
  descriptions: z.string().nullable(),
  logo_url: httpUrlSchema,
});
export type Application = z.infer<typeof applicationSchema>;

/** An application the logged-in user may open (GET session/available-apps). */
export const availableAppSchema = z.object({
  id: idSchema,
  name: z.string(),
  url: httpUrlSchema,
  logo_url: httpUrlSchema,
});
export type AvailableApp = z.infer<typeof availableAppSchema>;

/** A menu of an application with its sub-menus under `menu` (GET menu/with-child; two levels). */
export interface Menu {
  id: number;
  name: string;
  menu: Menu[];
}
export const menuSchema: z.ZodType<Menu> = z.object({
  id: idSchema,
  name: z.string(),
  get menu() {
    return z.array(menuSchema);
  },
});

/** A sub-menu granted by a role. */
export const roleMenuChildSchema = z.object({
  id: idSchema,
  /** The panel key of an app-1 menu (what the access model reads), null for any other menu. */
  key: z.string().nullable().optional(),
  name: z.string(),
  acces_level: accessLevelSchema,
});
export type RoleMenuChild = z.infer<typeof roleMenuChildSchema>;

/** A top-level menu granted by a role, with its granted sub-menus. */
export const roleMenuSchema = z.object({
  id: idSchema,
  /** The panel key of an app-1 menu (what the access model reads), null for any other menu. */
  key: z.string().nullable().optional(),
  name: z.string(),
  acces_level: accessLevelSchema,
  children: z.array(roleMenuChildSchema),
});
export type RoleMenu = z.infer<typeof roleMenuSchema>;

/** An application granted by a role, with its menu tree. */
export const roleApplicationSchema = z.object({
  apps_id: idSchema,
  apps_name: z.string(),
  logo_url: httpUrlSchema,
  menus: z.array(roleMenuSchema),
});
export type RoleApplication = z.infer<typeof roleApplicationSchema>;

/** A role as listed (and as answered by create/update). */
export const roleSchema = z.object({
  id: idSchema,
  name: z.string(),
  color: colorSchema,
  member_count: z.int().nonnegative(),
  applications: z.array(roleApplicationSchema),
  /** How far its administrative menus reach (admin-scope.ts); absent from a backend without it. */
  admin_scope: adminScopeSchema.optional(),
});
export type Role = z.infer<typeof roleSchema>;

/** One role as GET role/detail/{id}, create and update answer it: with its `version` (versions.ts). */
export const roleDetailSchema = roleSchema.extend({
  version: versionSchema,
  /** "Wajib verifikasi dua langkah" (issue 31): members must add a second factor to sign in. */
  requires_two_step: z.boolean().optional(),
});
export type RoleDetail = z.infer<typeof roleDetailSchema>;

/**
 * A role in a select (GET role/all). `assignable`: whether the caller's role covers it, so the
 * caller may give it to a user and edit or delete users and roles holding it (issue 18; the
 * reference api answers it). Absent from a backend without it: the panel then offers the role and
 * the api decides.
 */
export const roleOptionSchema = z.object({
  id: idSchema,
  name: z.string(),
  color: colorSchema,
  assignable: z.boolean().optional(),
  /** How far its administrative menus reach (admin-scope.ts); absent from a backend without it. */
  admin_scope: adminScopeSchema.optional(),
});
export type RoleOption = z.infer<typeof roleOptionSchema>;

/** The logged-in user's account (GET api/me → data.user). Dates are ISO 8601 strings. */
export const meUserSchema = z.object({
  id: idSchema,
  nik: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  client_group: z.string().nullable(),
});
export type MeUser = z.infer<typeof meUserSchema>;

/** A role of the logged-in user (GET api/me → data.roles[]). */
export const meRoleSchema = z.object({
  id: idSchema,
  name: z.string(),
  position: z.int(),
});
export type MeRole = z.infer<typeof meRoleSchema>;

/** A unit of the logged-in user (GET api/me → data.user_unit[]), flat with its company. */
export const userUnitSchema = z.object({
  perusahaan_id: idSchema,
  perusahaan_name: z.string(),
  cabang_id: idSchema,
  cabang_name: z.string(),
  cabang_kode: z.string(),
});
export type UserUnit = z.infer<typeof userUnitSchema>;

/** A one-time code "sent" in development (GET /__dev/outbox); `to` is the phone number. */
export const outboxEntrySchema = z.object({
  to: z.string(),
  code: z.string(),
  purpose: z.enum(['login', 'reset']),
  created_at: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export type OtpPurpose = OutboxEntry['purpose'];
