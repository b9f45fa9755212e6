import { useAction } from '../../shared/auth-action/use-action';
import { api } from '@sso/shared/api';
import { otpSentResponseSchema, paths, type OtpSentResponse } from '@sso/shared/contract';

/** POST auth/request-otp: sends a login code to the phone (also the resend of the phone flow). */
export function requestLoginOtp(phone: string): Promise<OtpSentResponse> {
  return api.post(paths.auth.requestOtp, { phone }, otpSentResponseSchema);
}

export function useRequestLoginOtp() {
  return useAction({ action: requestLoginOtp });
}
