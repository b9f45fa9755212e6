import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { requestOtpPayloadSchema, type RequestOtpPayload } from '@sso/shared/contract';
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

/**
 * /login-by-phone (spec 2 "Login by phone"): the phone, then a code to /verifikasi-otp. A
 * react-hook-form form checked by the api's own payload schema (`requestOtpPayloadSchema`): an
 * empty or malformed number gets the api's message under the field without a request. zod is
 * already on this screen with the api client; react-hook-form is not on /login (ADR 0024).
 */
export default function LoginPhonePage() {
  const navigate = useNavigate();
  const { control, handleSubmit, setError } = useForm<RequestOtpPayload>({
    resolver: zodResolver(requestOtpPayloadSchema),
    defaultValues: { phone: loginPhoneStore.read() ?? '' },
  });
  const requestOtp = useRequestLoginOtp();

  const onSubmit = handleSubmit(({ phone }) => {
    if (requestOtp.isPending) return;
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
        setError(
          'phone',
          { type: 'server', message: server.fields.phone ?? server.message },
          { shouldFocus: true },
        );
      },
    });
  });

  return (
    <AuthLayout title={authText.phoneTitle} description={authText.phoneDescription}>
      <SessionEndNotice />
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <PhoneField
              ref={field.ref}
              value={field.value}
              error={fieldState.error?.message}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <Button type="submit" block loading={requestOtp.isPending}>
          {t.auth.sendOtpCode}
        </Button>
      </form>
      <AuthFooter to={appPaths.login} label={authText.loginByNikLink} />
    </AuthLayout>
  );
}
