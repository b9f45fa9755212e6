import { z } from 'zod';
import { t } from '@sso/shared/i18n';

/**
 * The choices the user form and the list's bulk drawers ask for, with the spec's messages (spec 5):
 * one schema each, so "Ubah Role" and Tambah/Edit User refuse a missing role the same way.
 */

/** A role to give: required ("Role harus dipilih"). */
export const roleChoiceSchema = z
  .number()
  .int()
  .positive()
  .nullable()
  .transform((roleId, ctx) => {
    if (roleId === null) {
      ctx.addIssue({ code: 'custom', message: t.users.roleRequired });
      return z.NEVER;
    }
    return roleId;
  });

/** A chosen AP with the units ticked in it. */
export const chosenCompanySchema = z.object({
  perusahaanId: z.number().int().positive(),
  cabangIds: z.array(z.number().int().positive()),
});

/** The APs to give: at least one ("Minimal pilih 1 AP"). */
export const companiesChoiceSchema = z.array(chosenCompanySchema).min(1, t.users.apRequired);
