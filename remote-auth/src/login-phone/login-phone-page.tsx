import { useState, type FormEvent } from 'react';
import { useNavigate } from '@sso/shared/navigation';
import { serverFieldErrors } from '@sso/shared/form-errors';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { Button, toast } from '@sso/shared/ui';
import { AuthLayout } from '../shared/auth-layout/auth-layout';
import { SessionEndNotice } from '../shared/auth-layout/session-end-notice';
import styles from '../shared/auth-layout/auth-layout.module.css';
import { AuthFooter } from '../shared/auth-layout/auth-footer';
import { authText } from '../texts';
import { startCooldown } from '../shared/otp/resend-cooldown';
import { loginCooldownStore, loginPhoneStore } from './login-phone-storage';
import { PhoneField } from './phone-field';
import { useRequestLoginOtp } from './api/request-login-otp';

/** /login-by-phone (spec 2 "Login by phone"): the phone, then a code to /verifikasi-otp. */
export default function LoginPhonePage() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState(() => loginPhoneStore.read() ?? '');
  const [error, setError] = useState<string | null>(null);
  const requestOtp = useRequestLoginOtp();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (requestOtp.isPending) return;
    setError(null);
    requestOtp.mutate(phone, {
      onSuccess: (response) => {
        loginPhoneStore.write(phone);
        loginCooldownStore.write(startCooldown(Date.now()));
        toast.success(response.message);
        void navigate(appPaths.verifyLoginOtp);
      },
      onError: (failure) => {
        // Spec 8: the server's phone error, or its message, under the field.
        const server = serverFieldErrors(failure, ['phone'] as const);
        setError(server.fields.phone ?? server.message);
      },
    });
  };

  return (
    <AuthLayout title={authText.phoneTitle} description={authText.phoneDescription}>
      <SessionEndNotice />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PhoneField
          value={phone}
          error={error}
          onChange={(value) => {
            setPhone(value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" block loading={requestOtp.isPending}>
          {t.auth.sendOtpCode}
        </Button>
      </form>
      <AuthFooter to={appPaths.login} label={authText.loginByNikLink} />
    </AuthLayout>
  );
}
