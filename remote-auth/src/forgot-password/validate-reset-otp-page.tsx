import { useState } from 'react';
import { Navigate, useNavigate } from '@sso/shared/navigation';
import { appPaths } from '@sso/shared/federation';
import { OtpStep } from '../shared/otp/otp-step';
import { useOtpResend } from '../shared/otp/use-otp-resend';
import { resendResetOtp } from './api/resend-reset-otp';
import { clearResetFlow, resetCooldownStore, resetNikStore, resetPhoneStore } from './reset-storage';
import { useVerifyResetOtp } from './api/verify-reset-otp';

/**
 * /validate-otp: the code of the password reset, shown with the stored masked phone. Without the
 * stored nik and masked phone (a direct visit) the flow starts over at /forgot-password.
 */
export default function ValidateResetOtpPage() {
  const navigate = useNavigate();
  const [stored] = useState(() => ({ nik: resetNikStore.read(), maskedPhone: resetPhoneStore.read() }));
  const verify = useVerifyResetOtp();
  const resend = useOtpResend(() => resendResetOtp(stored.nik ?? ''), resetCooldownStore);

  const { nik, maskedPhone } = stored;
  if (!nik || !maskedPhone) return <Navigate to={appPaths.forgotPassword} replace />;
  return (
    <OtpStep
      maskedPhone={maskedPhone}
      onBack={() => {
        clearResetFlow();
        void navigate(appPaths.forgotPassword);
      }}
      onVerify={(code, callbacks) => verify.mutate({ nik, code }, callbacks)}
      verifying={verify.isPending}
      resend={resend}
    />
  );
}
