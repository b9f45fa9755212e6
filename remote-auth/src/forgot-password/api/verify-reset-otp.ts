import { useAction } from '../../shared/auth-action/use-action';
import { useNavigate } from '@sso/shared/navigation';
import { api } from '@sso/shared/api';
import { paths, verifyResetOtpResponseSchema, type VerifyResetOtpResponse } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { toast } from '@sso/shared/ui';
import { resetNikStore, resetOtpStore } from '../reset-storage';

/**
 * POST forgot-password/verify-otp. Spec 5: the reset flow sends the code as text; an empty code
 * is sent as an empty value.
 */
export function verifyResetOtp({
  nik,
  code,
}: {
  nik: string;
  code: string;
}): Promise<VerifyResetOtpResponse> {
  // With the device cookie: a browser that signed in to the account keeps its own budget here too.
  return api.post(paths.forgotPassword.verifyOtp, { nik, otp: code }, verifyResetOtpResponseSchema, {
    withCredentials: true,
  });
}

/** A verified code: store nik and otp, show the server's message, go to /new-password (spec 4, 7). */
export function useVerifyResetOtp() {
  const navigate = useNavigate();
  return useAction({
    action: verifyResetOtp,
    onSuccess: (response, { nik, code }) => {
      resetNikStore.write(nik);
      resetOtpStore.write(code);
      toast.success(response.message);
      void navigate(appPaths.newPassword);
    },
  });
}
