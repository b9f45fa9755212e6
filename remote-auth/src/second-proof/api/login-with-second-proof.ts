import { api, loginWithSecondProof, toApiError, TwoStepRequired } from '@sso/shared/api';
import { loginOrTwoStepResponseSchema, paths } from '@sso/shared/contract';
import { storeTwoStep } from '../../shared/storage/two-step-storage';
import { writeSession } from '@sso/shared/session';
import { useSignInStep } from '../../shared/login/use-finish-login';
import { continueToApplication, ssoInteraction } from '../../shared/sso/sso-request';
import { secondProofStore } from '../../shared/storage/second-proof-storage';

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
}): Promise<'signed-in' | 'two-step'> {
  const interaction = ssoInteraction();
  if (interaction) {
    let token: string;
    try {
      const result = await api.post(
        paths.auth.loginSecondProof,
        { challenge, otp: code },
        loginOrTwoStepResponseSchema,
        {
          withCredentials: true,
        },
      );
      if ('two_step' in result.data) {
        storeTwoStep(result.data.two_step);
        return 'two-step';
      }
      token = result.data.token;
    } catch (error) {
      throw toApiError(error);
    }
    secondProofStore.clear();
    await continueToApplication(interaction, token);
    return 'signed-in';
  }
  try {
    writeSession(await loginWithSecondProof(challenge, code));
  } catch (error) {
    if (!(error instanceof TwoStepRequired)) throw error;
    storeTwoStep(error.twoStep);
    return 'two-step';
  }
  return 'signed-in';
}

export function useSecondProof() {
  return useSignInStep(signInWithCode, () => secondProofStore.clear());
}
