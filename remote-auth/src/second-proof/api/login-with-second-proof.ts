import { api, loginWithSecondProof, toApiError } from '@sso/shared/api';
import { loginResponseSchema, paths } from '@sso/shared/contract';
import { writeSession } from '@sso/shared/session';
import { useAction } from '../../auth-action/use-action';
import { useFinishLogin } from '../../login/use-finish-login';
import { continueToApplication, leavingForApplication, ssoInteraction } from '../../sso/sso-request';
import { secondProofStore } from '../second-proof-storage';

/**
 * POST auth/login/second-proof, then the login chain; the session is written once all succeeded.
 * During a single sign-on request of another application, the login token goes to the provider
 * instead and the browser returns to that application (ADR 0015).
 */
export async function signInWithCode({
  challenge,
  code,
}: {
  challenge: string;
  code: string;
}): Promise<void> {
  const interaction = ssoInteraction();
  if (interaction) {
    let token: string;
    try {
      const result = await api.post(
        paths.auth.loginSecondProof,
        { challenge, otp: code },
        loginResponseSchema,
        {
          withCredentials: true,
        },
      );
      token = result.data.token;
    } catch (error) {
      throw toApiError(error);
    }
    secondProofStore.clear();
    await continueToApplication(interaction, token);
    return;
  }
  writeSession(await loginWithSecondProof(challenge, code));
}

export function useSecondProof() {
  const finish = useFinishLogin();
  return useAction({
    action: signInWithCode,
    onSuccess: () => {
      secondProofStore.clear();
      if (!leavingForApplication()) finish();
    },
  });
}
