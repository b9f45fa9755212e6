import { z } from 'zod';
import {
  changedFields,
  type Company,
  type Employee,
  type User,
  type UserDetail,
  type UserPayload,
  type UserUpdatePayload,
} from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';
import type { ApSelection } from '../shared/ap-selection';
import { companiesChoiceSchema, roleChoiceSchema } from '../shared/choice-schemas';
import { texts } from '../texts';

/**
 * The form model of Tambah/Edit User and its explicit mapping to and from the api model
 * (STYLE "Forms": `toUserFormValues` / `toUserPayload`).
 */

/** The person the user account is for: picked from the employee directory, read-only in Edit. */
export const personSchema = z.object({
  nama: z.string(),
  nik: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/** Spec 5: name required, role required, at least one AP. */
export const userFormSchema = z.object({
  person: personSchema.nullable().transform((person, ctx) => {
    if (person === null || person.nama.trim() === '') {
      ctx.addIssue({ code: 'custom', message: t.users.nameRequired });
      return z.NEVER;
    }
    return person;
  }),
  roleId: roleChoiceSchema,
  companies: companiesChoiceSchema
    // Every chosen AP with at least one of its units (issue 37: never an AP listed with "-").
    .refine((companies) => companies.every((company) => company.cabangIds.length > 0), {
      message: texts.unitRequired,
    }),
});

/**
 * What is still missing before Simpan can work, in the order of the form (issue 37: a disabled
 * Simpan says what is missing, as the role editor does): the employee, the role, an AP, and a unit
 * of each chosen AP (named).
 */
export function missingUserFields(values: UserFormValues, companies: readonly Company[]): string[] {
  const missing: string[] = [];
  if (!values.person) missing.push(texts.missingPerson);
  if (values.roleId === null) missing.push(texts.missingRole);
  if (values.companies.length === 0) missing.push(texts.missingAp);
  for (const chosen of values.companies) {
    if (chosen.cabangIds.length > 0) continue;
    const company = companies.find((c) => c.id === chosen.perusahaanId);
    missing.push(texts.missingUnitOf(company?.nama ?? `AP #${chosen.perusahaanId}`));
  }
  return missing;
}

/** What the inputs hold (nothing chosen yet is null / empty). */
export interface UserFormValues {
  person: Person | null;
  roleId: number | null;
  companies: ApSelection;
}
/** What a valid form yields. */
export type ValidUserForm = z.output<typeof userFormSchema>;

export const emptyUserFormValues: UserFormValues = { person: null, roleId: null, companies: [] };

/** An employee directory entry as the form's person (`no_hp` is the phone). */
export function employeeToPerson(employee: Employee): Person {
  return { nama: employee.name, nik: employee.nik, phone: employee.no_hp, email: employee.email };
}

/** API model → form model (Edit User). */
export function toUserFormValues(user: User): UserFormValues {
  return {
    person: { nama: user.nama, nik: user.nik, phone: user.phone, email: user.email },
    roleId: user.role_id,
    companies: user.perusahaan.map((company) => ({
      perusahaanId: company.perusahaan_id,
      cabangIds: company.cabang.map((unit) => unit.cabang_id),
    })),
  };
}

/**
 * Form model → payload of spec 3: nama, nik, phone, email, `role_ids` holding one id, and
 * `perusahaan[]` with `cabang[]`. Names come from the companies list; a unit that is no longer
 * part of its company is dropped.
 */
export function toUserPayload(form: ValidUserForm, companies: readonly Company[]): UserPayload {
  return {
    nama: form.person.nama,
    nik: form.person.nik,
    phone: form.person.phone,
    email: form.person.email,
    role_ids: [form.roleId],
    perusahaan: form.companies.map((chosen) => {
      const company = companies.find((c) => c.id === chosen.perusahaanId);
      const units = company?.cabangs ?? [];
      return {
        perusahaan_id: chosen.perusahaanId,
        perusahaan_name: company?.nama,
        cabang: chosen.cabangIds.flatMap((cabangId) => {
          const unit = units.find((u) => u.id === cabangId);
          return unit ? [{ cabang_id: unit.id, cabang_name: unit.name }] : [];
        }),
      };
    }),
  };
}

/** Companies and units as sets of ids (their order and names say nothing about the change). */
function linkKey(
  companies: ReadonlyArray<{ perusahaan_id: number; cabang?: ReadonlyArray<{ cabang_id: number }> }>,
) {
  return companies
    .map((c) => [c.perusahaan_id, (c.cabang ?? []).map((u) => u.cabang_id).sort((a, b) => a - b)] as const)
    .sort((a, b) => a[0] - b[0]);
}

/**
 * What Edit User sends: the fields of `payload` that differ from the user as read, and the version
 * it was read at (a stale one is 409). A field nobody changed is never written back.
 */
export function toUserChanges(user: UserDetail, payload: UserPayload): UserUpdatePayload {
  const before = {
    nama: user.nama,
    nik: user.nik,
    phone: user.phone,
    email: user.email,
    role_ids: [user.role_id],
  };
  const after = {
    nama: payload.nama,
    nik: payload.nik,
    phone: payload.phone,
    email: payload.email ?? '',
    role_ids: payload.role_ids,
  };
  const changes: UserUpdatePayload = {
    version: user.version,
    ...changedFields(before, after, ['nama', 'nik', 'phone', 'email', 'role_ids']),
  };
  if (JSON.stringify(linkKey(user.perusahaan)) !== JSON.stringify(linkKey(payload.perusahaan))) {
    changes.perusahaan = payload.perusahaan;
  }
  return changes;
}

/** Whether the link's user would fill the form otherwise than the stored one. */
export function differsInForm(linked: User, stored: User): boolean {
  return JSON.stringify(toUserFormValues(linked)) !== JSON.stringify(toUserFormValues(stored));
}

/** Where a server field error belongs in the form, by the api's key (`perusahaan.0.cabang` → companies). */
export const userServerFields = {
  nama: 'person',
  nik: 'person.nik',
  phone: 'person.phone',
  role_ids: 'roleId',
  perusahaan: 'companies',
} as const;
