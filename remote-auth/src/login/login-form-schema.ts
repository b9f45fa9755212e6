import { z } from 'zod';
import { t } from '@sso/shared/i18n';

/** Spec 5 "Login": NIK required (NIK tidak boleh kosong); password required (Password tidak boleh kosong). */
export const loginFormSchema = z.object({
  nik: z.string().trim().min(1, t.auth.nikRequired),
  password: z.string().min(1, t.auth.passwordRequired),
});
export type LoginFormValues = z.infer<typeof loginFormSchema>;
