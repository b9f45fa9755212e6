import { useAction } from '../../auth-action/use-action';
import { api, completeLogin } from '@sso/shared/api';
import { loginResponseSchema, paths } from '@sso/shared/contract';
import { writeSession } from '@sso/shared/session';
import { useFinishLogin } from '../../login/use-finish-login';
import { continueToApplication, leavingForApplication, ssoInteraction } from '../../sso/sso-request';
import { clearLoginPhoneFlow } from '../login-phone-storage';

/** Spec 5 "OTP": the phone flow sends the code as a number; an empty code is sent as 0. */
export function otpAsNumber(code: string): number {
  return code === '' ? 0 : Number(code);
}

/**
 * POST auth/login/phone, then the same login chain as the NIK login (spec 4). The session is
 * written only once every step succeeded.
 */
export async function loginWithPhone({ phone, code }: { phone: string; code: string }): Promise<void> {
  // With the device cookie: it keeps this browser's own budget and is set again on success.
  const result = await api.post(
    paths.auth.loginPhone,
    { phone, otp: otpAsNumber(code) },
    loginResponseSchema,
    {
      withCredentials: true,
    },
  );
  const interaction = ssoInteraction();
  if (interaction) {
    // A sign-in for another application: back to it with this login (ADR 0015).
    await continueToApplication(interaction, result.data.token);
    return;
  }
  const session = await completeLogin(result.data.token, result.data.apps_id);
  writeSession(session);
}

export function useLoginWithPhone() {
  const finish = useFinishLogin();
  return useAction({
    action: loginWithPhone,
    onSuccess: () => {
      clearLoginPhoneFlow();
      if (!leavingForApplication()) finish();
    },
  });
}
