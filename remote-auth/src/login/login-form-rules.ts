import { t } from '@sso/shared/i18n';

/** Spec 5 "Login": NIK required (NIK tidak boleh kosong); password required (Password tidak boleh kosong). */
export interface LoginFormValues {
  nik: string;
  password: string;
}

/** react-hook-form rules (no zod on /login, ADR 0006). A NIK of spaces counts as empty. */
export const nikRules = {
  validate: (value: string) => value.trim() !== '' || t.auth.nikRequired,
};
export const passwordRules = {
  validate: (value: string) => value !== '' || t.auth.passwordRequired,
};
