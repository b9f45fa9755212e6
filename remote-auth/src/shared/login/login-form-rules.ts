import { t } from '@sso/shared/i18n';

/** Spec 5 "Login": NIK required (NIK tidak boleh kosong); password required (Password tidak boleh kosong). */
export interface LoginFormValues {
  nik: string;
  password: string;
}

/**
 * The login form's rules as react-hook-form rule objects (no zod and no react-hook-form on /login,
 * ADR 0024), so a later move of the form to the library changes no behaviour. A NIK of spaces
 * counts as empty.
 */
export const nikRules = {
  validate: (value: string) => value.trim() !== '' || t.auth.nikRequired,
};
export const passwordRules = {
  validate: (value: string) => value !== '' || t.auth.passwordRequired,
};

export type LoginFormErrors = Partial<Record<keyof LoginFormValues, string>>;

/** The same rules for the login form, which paints without react-hook-form (ADR 0006). */
export function validateLogin(values: LoginFormValues): LoginFormErrors {
  const errors: LoginFormErrors = {};
  const nik = nikRules.validate(values.nik);
  const password = passwordRules.validate(values.password);
  if (nik !== true) errors.nik = nik;
  if (password !== true) errors.password = password;
  return errors;
}
