import { z } from 'zod';
import {
  accountPasskeyPayloadSchema,
  accountTotpConfirmPayloadSchema,
  stepUpPayloadSchema,
} from '@sso/shared/contract';
import { accountText } from './account-security-texts';

/**
 * "Tambah aplikasi autentikator": the label as the api checks it, and the code the app shows. The
 * api takes any code up to 32 characters (the same field serves recovery codes elsewhere); an
 * authenticator app shows 6 digits, so the page asks for those (spaces between groups dropped).
 */
export const totpFormSchema = accountTotpConfirmPayloadSchema.pick({ label: true }).extend({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, accountText.codeFormat)),
});
export type TotpFormValues = z.input<typeof totpFormSchema>;
export type TotpFormOutput = z.output<typeof totpFormSchema>;

/** "Tambah passkey": the label as the api checks it. */
export const passkeyFormSchema = accountPasskeyPayloadSchema.pick({ label: true });
export type PasskeyFormValues = z.input<typeof passkeyFormSchema>;
export type PasskeyFormOutput = z.output<typeof passkeyFormSchema>;

/**
 * The current password before a removal or new recovery codes: the password of the api's step-up
 * payload, required here with the page's own message (the api's names a code too, not asked here).
 */
export const passwordStepSchema = z.object({
  password: stepUpPayloadSchema.shape.password.unwrap().min(1, accountText.passwordEmpty),
});
export type PasswordStepValues = z.input<typeof passwordStepSchema>;
export type PasswordStepOutput = z.output<typeof passwordStepSchema>;
