import { api } from '@sso/shared/api';
import { otpSentResponseSchema, paths, type OtpSentResponse } from '@sso/shared/contract';

/** POST forgot-password/request-otp: sends the reset code to the account's phone. */
export function requestResetOtp(nik: string): Promise<OtpSentResponse> {
  return api.post(paths.forgotPassword.requestOtp, { nik }, otpSentResponseSchema);
}
