import { useState } from 'react';
import { maskPhone } from '@sso/shared/contract';
import { Navigate, useNavigate } from '@sso/shared/navigation';
import { appPaths } from '@sso/shared/federation';
import { OtpStep } from '../shared/otp/otp-step';
import { useOtpResend } from '../shared/otp/use-otp-resend';
import { clearLoginPhoneFlow, loginCooldownStore, loginPhoneStore } from './login-phone-storage';
import { useLoginWithPhone } from './api/login-with-phone';
import { requestLoginOtp } from './api/request-login-otp';

/**
 * /verifikasi-otp: the code of the phone login, sent as a number with the stored phone, then the
 * login chain. Without a stored phone (a direct visit) the flow starts over at /login-by-phone.
 */
export default function VerifyLoginOtpPage() {
  const navigate = useNavigate();
  const [phone] = useState(() => loginPhoneStore.read());
  const login = useLoginWithPhone();
  const resend = useOtpResend(() => requestLoginOtp(phone ?? ''), loginCooldownStore);

  if (!phone) return <Navigate to={appPaths.loginByPhone} replace />;
  return (
    <OtpStep
      maskedPhone={maskPhone(phone)}
      onBack={() => {
        clearLoginPhoneFlow();
        void navigate(appPaths.loginByPhone);
      }}
      onVerify={(code, callbacks) => login.mutate({ phone, code }, callbacks)}
      verifying={login.isPending}
      resend={resend}
    />
  );
}
