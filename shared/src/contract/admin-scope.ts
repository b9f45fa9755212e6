import { z } from 'zod';

/**
 * How far a role's administrative menus reach (issue 32, ADR 0022): `group` is "Seluruh grup" (every
 * company, what every role had before), `own` is "AP pengguna sendiri" (the companies, and where
 * set the units, the acting user is linked to). The api enforces it (api/src/access/admin-scope.ts).
 */
export const ADMIN_SCOPES = ['group', 'own'] as const;
export type AdminScope = (typeof ADMIN_SCOPES)[number];
export const adminScopeSchema = z.enum(ADMIN_SCOPES, { error: 'Cakupan administrasi tidak dikenal' });

/** What every role keeps unless told otherwise. */
export const DEFAULT_ADMIN_SCOPE: AdminScope = 'group';

/** The labels of the role editor and the roles list. */
export const ADMIN_SCOPE_LABEL: Readonly<Record<AdminScope, string>> = {
  group: 'Seluruh grup',
  own: 'AP pengguna sendiri',
};

/** The role editor's field label and its help text. */
export const ADMIN_SCOPE_FIELD_LABEL = 'Cakupan administrasi';
export const ADMIN_SCOPE_HELP =
  'Seberapa jauh menu administrasi role ini berlaku: seluruh grup, atau hanya AP (dan unit) yang terhubung dengan user itu sendiri.';

/** 403: a scoped actor gives (a role with) the "Seluruh grup" scope. */
export const SCOPE_ESCALATION_MESSAGE =
  'Cakupan administrasi Anda terbatas pada AP Anda sendiri: Anda tidak dapat memberikan cakupan "Seluruh grup"';
/** 403: a scoped actor names an AP or unit outside their scope. */
export const OUTSIDE_SCOPE_MESSAGE = 'AP atau unit yang dipilih berada di luar cakupan administrasi Anda';
/** 403: a scoped actor saves a user without any AP (the user would fall outside every scope). */
export const SCOPE_NEEDS_COMPANY_MESSAGE = 'Pilih minimal 1 AP dalam cakupan administrasi Anda';
/** The users forms of a scoped actor: why only some APs and units are offered. */
export const SCOPE_FORM_HINT =
  'Cakupan administrasi Anda: AP pengguna sendiri. Hanya AP dan unit Anda yang dapat dipilih; user yang juga terhubung dengan AP lain tidak dapat Anda lihat, ubah, atau hapus.';
