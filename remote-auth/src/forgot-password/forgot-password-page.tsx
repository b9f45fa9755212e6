import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordPayloadSchema, type ForgotPasswordPayload } from '@sso/shared/contract';
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

/**
 * /forgot-password (spec 2 and 4): the NIK, then the code goes to its phone and /validate-otp.
 * Spec 5: NIK required, the login's message ("NIK tidak boleh kosong"), as the api's payload
 * schema (`forgotPasswordPayloadSchema`) says it; a NIK of spaces counts as empty and is trimmed.
 */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordPayload>({
    resolver: zodResolver(forgotPasswordPayloadSchema),
    defaultValues: { nik: '' },
  });
  const start = useStartPasswordReset();

  const onSubmit = handleSubmit(({ nik }) => {
    start.mutate(nik, {
      onError: (failure) => {
        // Spec 8: the server's nik error, or its message, under the field.
        const server = serverFieldErrors(failure, ['nik'] as const);
        setError('nik', { type: 'server', message: server.fields.nik ?? server.message });
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
          error={errors.nik?.message}
          {...register('nik')}
        />
        <Button type="submit" block loading={start.isPending}>
          {t.auth.sendOtp}
        </Button>
      </form>
      <AuthFooter prompt={authText.rememberPassword} to={appPaths.login} label={authText.backToLogin} />
    </AuthLayout>
  );
}
