import { writeSession } from '@sso/shared/session';
import { continueToApplication, ssoInteraction } from '../../shared/sso/sso-request';
import { useSignInStep, type SignInOutcome } from '../../shared/login/use-finish-login';

export interface NikCredentials {
  nik: string;
  password: string;
}

/**
 * POST auth/login/nik (with `url` = this origin) and the rest of the login chain; the session is
 * written only once every step succeeded, so a failure leaves nothing half-stored. When the api asks
 * this browser for a second proof, its challenge is stored for /verifikasi-masuk. During a single
 * sign-on request of another application, only the credential step runs, then the browser goes back
 * to that application (ADR 0015).
 */
export async function loginAndStore({ nik, password }: NikCredentials): Promise<SignInOutcome> {
  const {
    api,
    loginWithNik,
    toApiError,
    SecondProofRequired,
    TwoStepRequired,
    secondProofStore,
    storeTwoStep,
  } = await loadApi();
  const interaction = ssoInteraction();
  if (interaction) {
    const { loginNikOrTwoStepResponseSchema, paths } = await import('@sso/shared/contract');
    let token: string;
    try {
      const url = window.location.origin;
      const result = await api.post(
        paths.auth.loginNik,
        { nik, password, url },
        loginNikOrTwoStepResponseSchema,
        {
          withCredentials: true,
        },
      );
      if ('two_step' in result.data) {
        storeTwoStep(result.data.two_step);
        return 'two-step';
      }
      if ('second_proof' in result.data) {
        // The same second proof as the panel's own sign-in; its screen then goes back to the application.
        const { challenge, masked_phone } = result.data.second_proof;
        secondProofStore.write({ challenge, masked_phone });
        return 'second-proof';
      }
      token = result.data.token;
    } catch (error) {
      throw toApiError(error);
    }
    await continueToApplication(interaction, token);
    return 'signed-in';
  }
  try {
    writeSession(await loginWithNik(nik, password));
    return 'signed-in';
  } catch (error) {
    if (error instanceof SecondProofRequired) {
      secondProofStore.write({ challenge: error.proof.challenge, masked_phone: error.proof.masked_phone });
      return 'second-proof';
    }
    if (error instanceof TwoStepRequired) {
      storeTwoStep(error.twoStep);
      return 'two-step';
    }
    // The form reads server errors from an ApiError (serverFormErrors).
    throw toApiError(error);
  }
}

/**
 * The api client, the zod contract and the second proof's and two-step stores (with their validator) are not needed
 * to paint the form: they load on the first keystroke (`preloadLoginCall`) or, at the latest, on
 * submit (ADR 0006).
 */
async function loadApi() {
  const [api, { secondProofStore }, { storeTwoStep }] = await Promise.all([
    import('@sso/shared/api'),
    import('../../shared/storage/second-proof-storage'),
    import('../../shared/storage/two-step-storage'),
  ]);
  return { ...api, secondProofStore, storeTwoStep };
}

export function preloadLoginCall(): void {
  loadApi().catch(() => undefined);
}

export function useLoginWithNik() {
  return useSignInStep(loginAndStore);
}
