import { api } from '@sso/shared/api';
import { otpSentResponseSchema, paths, type OtpSentResponse } from '@sso/shared/contract';

/** POST forgot-password/resend-otp (payload not shown by the spec; this api takes `{ nik }`). */
export function resendResetOtp(nik: string): Promise<OtpSentResponse> {
  return api.post(paths.forgotPassword.resendOtp, { nik }, otpSentResponseSchema);
}
