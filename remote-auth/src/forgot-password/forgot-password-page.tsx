import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@sso/shared/navigation';
import { serverFieldErrors } from '@sso/shared/form-errors';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { Button, TextField } from '@sso/shared/ui';
import { AuthLayout } from '../shared/auth-layout/auth-layout';
import styles from '../shared/auth-layout/auth-layout.module.css';
import { AuthFooter } from '../shared/auth-layout/auth-footer';
import { authText } from '../texts';
import { useStartPasswordReset } from './api/start-password-reset';
import { nikRules } from '../shared/login/login-form-rules';

/** Spec 5 "Forgot password": NIK required, same message as the login. */
interface ForgotPasswordFormValues {
  nik: string;
}

/** /forgot-password (spec 2 and 4): the NIK, then the code goes to its phone and /validate-otp. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues>({
    defaultValues: { nik: '' },
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const start = useStartPasswordReset();

  const onSubmit = handleSubmit(({ nik }) => {
    setServerError(null);
    start.mutate(nik.trim(), {
      onError: (failure) => {
        // Spec 8: the server's nik error, or its message, under the field.
        const server = serverFieldErrors(failure, ['nik'] as const);
        setServerError(server.fields.nik ?? server.message);
      },
    });
  });

  return (
    <AuthLayout
      title={authText.forgotTitle}
      description={authText.forgotDescription}
      onBack={() => void navigate(appPaths.login)}
    >
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={authText.nikLabel}
          placeholder={authText.nikPlaceholder}
          autoComplete="username"
          autoFocus
          error={errors.nik?.message ?? serverError ?? undefined}
          {...register('nik', { ...nikRules, onChange: () => setServerError(null) })}
        />
        <Button type="submit" block loading={start.isPending}>
          {t.auth.sendOtp}
        </Button>
      </form>
      <AuthFooter prompt={authText.rememberPassword} to={appPaths.login} label={authText.backToLogin} />
    </AuthLayout>
  );
}
