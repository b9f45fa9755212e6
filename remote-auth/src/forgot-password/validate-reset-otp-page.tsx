import { useState } from 'react';
import { Navigate, useNavigate } from '@sso/shared/navigation';
import { appPaths } from '@sso/shared/federation';
import { otpErrorMessage } from '../shared/auth-errors/otp-errors';
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
  const [error, setError] = useState<string | null>(null);

  const { nik, maskedPhone } = stored;
  if (!nik || !maskedPhone) return <Navigate to={appPaths.forgotPassword} replace />;
  return (
    <OtpStep
      maskedPhone={maskedPhone}
      onBack={() => {
        clearResetFlow();
        void navigate(appPaths.forgotPassword);
      }}
      onVerify={(code) => {
        setError(null);
        verify.mutate({ nik, code }, { onError: (failure) => setError(otpErrorMessage(failure)) });
      }}
      verifying={verify.isPending}
      verifyError={error}
      resend={resend}
    />
  );
}
