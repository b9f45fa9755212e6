import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from '@sso/shared/navigation';
import { serverFieldErrors } from '@sso/shared/form-errors';
import { isPasswordLongEnough } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { Button, PasswordField } from '@sso/shared/ui';
import { otpErrorMessage } from '../shared/auth-errors/otp-errors';
import { AuthLayout } from '../shared/auth-layout/auth-layout';
import { FormAlert } from '../shared/auth-layout/form-alert';
import styles from '../shared/auth-layout/auth-layout.module.css';
import { authText } from '../texts';
import { useResetPassword } from './api/reset-password';
import { resetNikStore, resetOtpStore } from './reset-storage';

/**
 * /new-password (spec 2 and 5): at least 6 characters (the hint turns red when shorter), the
 * confirmation must match ("Password tidak sesuai"), button "Ganti Password". Without the stored
 * nik and verified otp (a direct visit) the flow starts over at /forgot-password. A react-hook-form
 * form, like every form but the login's (ADR 0024): it is not a first screen, and its library is
 * already loaded by /forgot-password on the way here.
 */
/** The two fields; the confirmation does not block the submit (spec 5: a mismatch sends an empty one). */
interface NewPasswordFormValues {
  newPassword: string;
  confirmPassword: string;
}

export default function NewPasswordPage() {
  const navigate = useNavigate();
  const [stored] = useState(() => ({ nik: resetNikStore.read(), otp: resetOtpStore.read() }));
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitted, touchedFields },
  } = useForm<NewPasswordFormValues>({ defaultValues: { newPassword: '', confirmPassword: '' } });
  const reset = useResetPassword();

  const { nik, otp } = stored;
  if (!nik || !otp) return <Navigate to={appPaths.forgotPassword} replace />;

  const newPassword = watch('newPassword');
  const confirmPassword = watch('confirmPassword');
  const tooShort = !isPasswordLongEnough(newPassword);
  const mismatch = newPassword !== confirmPassword;
  const showMismatch = mismatch && (isSubmitted || (touchedFields.confirmPassword && confirmPassword !== ''));

  // Too short: nothing is sent, the field takes the focus and its hint turns red (no message of its own).
  const onSubmit = handleSubmit((values) => {
    if (reset.isPending) return;
    setFormError(null);
    const mismatched = values.newPassword !== values.confirmPassword;
    // Spec 5: when the two differ, the request goes out with an empty new password.
    reset.mutate(
      { nik, otp, ...values },
      {
        onError: (failure) => {
          const server = serverFieldErrors(failure, ['new_password'] as const);
          if (server.fields.new_password) {
            // Sent empty because of the mismatch: "Password tidak sesuai" already says why.
            if (!mismatched) setError('newPassword', { type: 'server', message: server.fields.new_password });
            return;
          }
          setFormError(otpErrorMessage(failure));
        },
      },
    );
  });

  return (
    <AuthLayout
      title={authText.newPasswordTitle}
      description={authText.newPasswordDescription}
      onBack={() => {
        resetOtpStore.clear();
        void navigate(appPaths.validateResetOtp);
      }}
    >
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <PasswordField
          label={authText.newPasswordLabel}
          autoComplete="new-password"
          autoFocus
          hint={t.auth.passwordHint}
          hintInvalid={tooShort && (isSubmitted || newPassword !== '')}
          error={errors.newPassword?.message || undefined}
          {...register('newPassword', { validate: isPasswordLongEnough })}
        />
        <PasswordField
          label={authText.confirmPasswordLabel}
          autoComplete="new-password"
          error={showMismatch ? t.auth.passwordMismatch : undefined}
          {...register('confirmPassword')}
        />
        <FormAlert message={formError} />
        <Button type="submit" block loading={reset.isPending}>
          {t.auth.changePassword}
        </Button>
      </form>
    </AuthLayout>
  );
}
