import { useAction } from '../../shared/auth-action/use-action';
import { useNavigate } from '@sso/shared/navigation';
import { api } from '@sso/shared/api';
import { paths, resetPasswordResponseSchema, type ResetPasswordResponse } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { toast } from '@sso/shared/ui';
import { clearResetFlow } from '../reset-storage';

export interface ResetPasswordInput {
  nik: string;
  otp: string;
  newPassword: string;
  confirmPassword: string;
}

/** Spec 5 "New password": if the confirmation differs, an empty new password is sent. */
export function newPasswordToSend(newPassword: string, confirmPassword: string): string {
  return newPassword === confirmPassword ? newPassword : '';
}

/** POST forgot-password/reset with the verified code. */
export function resetPassword({
  nik,
  otp,
  newPassword,
  confirmPassword,
}: ResetPasswordInput): Promise<ResetPasswordResponse> {
  return api.post(
    paths.forgotPassword.reset,
    { nik, otp, new_password: newPasswordToSend(newPassword, confirmPassword) },
    resetPasswordResponseSchema,
    { withCredentials: true },
  );
}

/**
 * Spec 4: after a successful reset the server message is shown, the user goes to /, and stored
 * nik, otp, phone, resend count and expiry are cleared.
 */
export function useResetPassword() {
  const navigate = useNavigate();
  return useAction({
    action: resetPassword,
    onSuccess: (response) => {
      clearResetFlow();
      toast.success(response.message);
      void navigate(appPaths.handoff, { replace: true });
    },
  });
}
