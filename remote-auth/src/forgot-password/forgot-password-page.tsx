import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate } from 'react-router-dom';
import { t } from '@sso/shared/i18n';
import { Button, TextField } from '@sso/shared/ui';
import { serverFormErrors } from '../auth-errors/server-form-errors';
import { AuthLayout } from '../auth-layout/auth-layout';
import styles from '../auth-layout/auth-layout.module.css';
import { AuthFooter } from '../auth-layout/auth-footer';
import { authText } from '../auth-texts';
import { useStartPasswordReset } from './start-password-reset';

/** Spec 5 "Forgot password": NIK required, same message as the login. */
const forgotPasswordFormSchema = z.object({ nik: z.string().trim().min(1, t.auth.nikRequired) });
type ForgotPasswordFormValues = z.infer<typeof forgotPasswordFormSchema>;

/** /forgot-password (spec 2 and 4): the NIK, then the code goes to its phone and /validate-otp. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { nik: '' },
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const start = useStartPasswordReset();

  const onSubmit = handleSubmit(({ nik }) => {
    setServerError(null);
    start.mutate(nik, {
      onError: (failure) => {
        // Spec 8: the server's nik error, or its message, under the field.
        const server = serverFormErrors(failure, ['nik'] as const);
        setServerError(server.fields.nik ?? server.message);
      },
    });
  });

  return (
    <AuthLayout
      title={authText.forgotTitle}
      description={authText.forgotDescription}
      onBack={() => navigate('/login')}
    >
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={authText.nikLabel}
          placeholder={authText.nikPlaceholder}
          autoComplete="username"
          autoFocus
          error={errors.nik?.message ?? serverError ?? undefined}
          {...register('nik', { onChange: () => setServerError(null) })}
        />
        <Button type="submit" block loading={start.isPending}>
          {t.auth.sendOtp}
        </Button>
      </form>
      <AuthFooter prompt={authText.rememberPassword} to="/login" label={authText.backToLogin} />
    </AuthLayout>
  );
}
