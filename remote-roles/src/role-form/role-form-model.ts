import { z } from 'zod';
import {
  DEFAULT_ADMIN_SCOPE,
  accessLevelSchema,
  adminScopeSchema,
  changedFields,
  idSchema,
  rolePayloadSchema,
  type AdminScope,
  type Role,
  type RoleDetail,
  type RolePayload,
  type RoleUpdatePayload,
} from '@sso/shared/contract';
import { normaliseSelection, type Selection } from '../shared/selection';

/**
 * The role form's model and its explicit mappings to and from the api (STYLE "Forms"):
 * `toRoleFormValues` (role as listed → form) and `toRolePayload` (validated form → spec 3 payload).
 * The form's fields carry the payload's names, so validation messages land on the right field.
 */
export interface RoleFormValues {
  name: string;
  /** `null` until a colour is chosen. */
  color_id: number | null;
  /** Applications with their ticked menus and sub-menus (see selection.ts). */
  applications: Selection;
  /** "Cakupan administrasi" (issue 32): how far the role's administrative menus reach. */
  admin_scope: AdminScope;
  /** "Wajib verifikasi dua langkah" (issue 31). */
  requires_two_step: boolean;
}

/** The selection exactly as the form holds it (selection.ts); the payload's rules then apply. */
const childGrantSchema = z.object({ id: idSchema, access_level: accessLevelSchema });
const menuGrantSchema = z.object({
  id: idSchema,
  access_level: accessLevelSchema,
  children: z.array(childGrantSchema),
});
const selectionSchema = z
  .array(z.object({ apps_id: idSchema, menus: z.array(menuGrantSchema) }))
  .superRefine((selection, ctx) => {
    // The payload's own rules and messages ("Minimal pilih 1 aplikasi", limits).
    const result = rolePayloadSchema.shape.applications.safeParse(selection);
    for (const issue of result.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  });

/**
 * The form's schema, built from the payload schema of the contract: the same rules and messages
 * as the api's ("Nama role tidak boleh kosong", "Warna harus dipilih", "Minimal pilih 1 aplikasi").
 */
export const roleFormSchema = z.object({
  name: rolePayloadSchema.shape.name,
  color_id: z
    .number()
    .nullable()
    .transform((value, ctx) => {
      if (value !== null) return value;
      ctx.issues.push({ code: 'custom', message: 'Warna harus dipilih', input: value });
      return z.NEVER;
    })
    .pipe(rolePayloadSchema.shape.color_id),
  applications: selectionSchema,
  admin_scope: adminScopeSchema,
  requires_two_step: z.boolean(),
});
export type RoleFormOutput = z.output<typeof roleFormSchema>;

export const emptyRoleFormValues: RoleFormValues = {
  name: '',
  color_id: null,
  applications: [],
  admin_scope: DEFAULT_ADMIN_SCOPE,
  requires_two_step: false,
};

/** Spec 5: "save is disabled when the name is empty or no application is chosen". */
export function canSave(values: Pick<RoleFormValues, 'name' | 'applications'>): boolean {
  return values.name.trim() !== '' && values.applications.length > 0;
}

/** Which required fields are still empty, in the order of the form (the save hint names them all). */
export function missingFields(
  values: Pick<RoleFormValues, 'name' | 'color_id' | 'applications'>,
): ('color' | 'name' | 'applications')[] {
  const missing: ('color' | 'name' | 'applications')[] = [];
  if (values.color_id === null) missing.push('color');
  if (values.name.trim() === '') missing.push('name');
  if (values.applications.length === 0) missing.push('applications');
  return missing;
}

/** A role as the api lists it → the form (`acces_level`, the api's spelling, → `access_level`). */
export function toRoleFormValues(role: Role & { requires_two_step?: boolean }): RoleFormValues {
  return {
    requires_two_step: role.requires_two_step ?? false,
    name: role.name,
    color_id: role.color.id,
    applications: normaliseSelection(
      role.applications.map((app) => ({
        apps_id: app.apps_id,
        menus: app.menus.map((menu) => ({
          id: menu.id,
          access_level: menu.acces_level,
          children: menu.children.map((child) => ({ id: child.id, access_level: child.acces_level })),
        })),
      })),
    ),
    admin_scope: role.admin_scope ?? DEFAULT_ADMIN_SCOPE,
  };
}

/** The validated form → the role payload of spec 3 (`descriptions` is always null). */
export function toRolePayload(values: RoleFormOutput): RolePayload {
  return {
    name: values.name.trim(),
    descriptions: null,
    color_id: values.color_id,
    // Sent only when ticked: a role without it is the api's default (and spec 3's payload).
    ...(values.requires_two_step ? { requires_two_step: true } : {}),
    // The validated selection holds only ids and levels; normalising copies it in the api's order.
    applications: normaliseSelection(values.applications),
    admin_scope: values.admin_scope,
  };
}

/**
 * What Edit Role sends: the fields of `payload` that differ from what the form would send for the
 * role as read, and the version it was read at (a stale one is 409). A field nobody changed is
 * never written back.
 */
export function toRoleChanges(role: RoleDetail, payload: RolePayload): RoleUpdatePayload {
  const { applications, admin_scope } = toRoleFormValues(role);
  const before = toRolePayload({
    name: role.name,
    color_id: role.color.id,
    applications,
    admin_scope,
    requires_two_step: false,
  });
  const wanted = payload.requires_two_step ?? false;
  return {
    version: role.version,
    ...changedFields(before, payload, ['name', 'color_id', 'applications', 'admin_scope']),
    ...(wanted === (role.requires_two_step ?? false) ? {} : { requires_two_step: wanted }),
  };
}

/** Whether the link's role would fill the form otherwise than the stored one. */
export function differsInForm(linked: Role, stored: Role): boolean {
  // The link carries a role as listed: it has no "Wajib verifikasi dua langkah" to compare.
  const shown = (role: Role) => ({ ...toRoleFormValues(role), requires_two_step: undefined });
  return JSON.stringify(shown(linked)) !== JSON.stringify(shown(stored));
}
