import { api, completeLogin } from '@sso/shared/api';
import { loginOrTwoStepResponseSchema, paths } from '@sso/shared/contract';
import { storeTwoStep } from '../../shared/storage/two-step-storage';
import { writeSession } from '@sso/shared/session';
import { useSignInStep } from '../../shared/login/use-finish-login';
import { continueToApplication, ssoInteraction } from '../../shared/sso/sso-request';
import { clearLoginPhoneFlow } from '../login-phone-storage';

/** Spec 5 "OTP": the phone flow sends the code as a number; an empty code is sent as 0. */
export function otpAsNumber(code: string): number {
  return code === '' ? 0 : Number(code);
}

/**
 * POST auth/login/phone, then the same login chain as the NIK login (spec 4). The session is
 * written only once every step succeeded.
 */
export async function loginWithPhone({
  phone,
  code,
}: {
  phone: string;
  code: string;
}): Promise<'signed-in' | 'two-step'> {
  // With the device cookie: it keeps this browser's own budget and is set again on success.
  const result = await api.post(
    paths.auth.loginPhone,
    { phone, otp: otpAsNumber(code) },
    loginOrTwoStepResponseSchema,
    {
      withCredentials: true,
    },
  );
  if ('two_step' in result.data) {
    // Two-step verification (issue 31): the second step comes next, before any session.
    storeTwoStep(result.data.two_step);
    return 'two-step';
  }
  const interaction = ssoInteraction();
  if (interaction) {
    // A sign-in for another application: back to it with this login (ADR 0015).
    await continueToApplication(interaction, result.data.token);
    return 'signed-in';
  }
  const session = await completeLogin(result.data.token, result.data.apps_id);
  writeSession(session);
  return 'signed-in';
}

export function useLoginWithPhone() {
  return useSignInStep(loginWithPhone, clearLoginPhoneFlow);
}
