import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from '@sso/shared/navigation';
import { serverFieldErrors } from '@sso/shared/form-errors';
import { isPasswordLongEnough } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { Button, PasswordField } from '@sso/shared/ui';
import { otpErrorMessage } from '../auth-errors/otp-errors';
import { AuthLayout } from '../auth-layout/auth-layout';
import { FormAlert } from '../auth-layout/form-alert';
import styles from '../auth-layout/auth-layout.module.css';
import { authText } from '../texts';
import { useResetPassword } from './api/reset-password';
import { resetNikStore, resetOtpStore } from './reset-storage';

/**
 * /new-password (spec 2 and 5): at least 6 characters (the hint turns red when shorter), the
 * confirmation must match ("Password tidak sesuai"), button "Ganti Password". Without the stored
 * nik and verified otp (a direct visit) the flow starts over at /forgot-password.
 */
export default function NewPasswordPage() {
  const navigate = useNavigate();
  const [stored] = useState(() => ({ nik: resetNikStore.read(), otp: resetOtpStore.read() }));
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [confirmLeft, setConfirmLeft] = useState(false);
  const [newPasswordError, setNewPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const newPasswordRef = useRef<HTMLInputElement>(null);
  const reset = useResetPassword();

  const { nik, otp } = stored;
  if (!nik || !otp) return <Navigate to={appPaths.forgotPassword} replace />;

  const tooShort = !isPasswordLongEnough(newPassword);
  const mismatch = newPassword !== confirmPassword;
  const showMismatch = mismatch && (submitted || (confirmLeft && confirmPassword !== ''));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    setSubmitted(true);
    setNewPasswordError(null);
    setFormError(null);
    if (tooShort) {
      newPasswordRef.current?.focus();
      return;
    }
    // Spec 5: when the two differ, the request goes out with an empty new password.
    reset.mutate(
      { nik, otp, newPassword, confirmPassword },
      {
        onError: (failure) => {
          const server = serverFieldErrors(failure, ['new_password'] as const);
          if (server.fields.new_password) {
            // Sent empty because of the mismatch: "Password tidak sesuai" already says why.
            if (!mismatch) setNewPasswordError(server.fields.new_password);
            return;
          }
          setFormError(otpErrorMessage(failure));
        },
      },
    );
  };

  return (
    <AuthLayout
      title={authText.newPasswordTitle}
      description={authText.newPasswordDescription}
      onBack={() => {
        resetOtpStore.clear();
        void navigate(appPaths.validateResetOtp);
      }}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordField
          ref={newPasswordRef}
          label={authText.newPasswordLabel}
          autoComplete="new-password"
          autoFocus
          value={newPassword}
          onChange={(event) => {
            setNewPassword(event.target.value);
            setNewPasswordError(null);
          }}
          hint={t.auth.passwordHint}
          hintInvalid={tooShort && (submitted || newPassword !== '')}
          error={newPasswordError ?? undefined}
        />
        <PasswordField
          label={authText.confirmPasswordLabel}
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          onBlur={() => setConfirmLeft(true)}
          error={showMismatch ? t.auth.passwordMismatch : undefined}
        />
        <FormAlert message={formError} />
        <Button type="submit" block loading={reset.isPending}>
          {t.auth.changePassword}
        </Button>
      </form>
    </AuthLayout>
  );
}
