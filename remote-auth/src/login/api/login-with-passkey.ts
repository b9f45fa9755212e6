import { api, completeLogin, toApiError } from '@sso/shared/api';
import { loginResponseSchema, passkeyLoginOptionsResponseSchema, twoStepPaths } from '@sso/shared/contract';
import { writeSession } from '@sso/shared/session';
import { signWithPasskey } from '../../shared/two-step/passkey-ceremony';
import { continueToApplication, ssoInteraction } from '../../shared/sso/sso-request';

/**
 * "Masuk dengan passkey" (issue 31): a passkey with user verification is the first and only step.
 * Loaded on the click (with the WebAuthn library), never with /login's first screen (ADR 0021).
 * Then the same ending as the NIK login: the panel's chain, or back to the application (ADR 0015).
 * Rejects with an Error whose message is the one to show.
 */
export async function loginWithPasskey(): Promise<void> {
  try {
    const { challenge, options } = (
      await api.post(twoStepPaths.passkeyLoginOptions, {}, passkeyLoginOptionsResponseSchema, {
        withCredentials: true,
      })
    ).data;
    const response = await signWithPasskey(options);
    const result = await api.post(twoStepPaths.passkeyLogin, { challenge, response }, loginResponseSchema, {
      withCredentials: true,
    });
    const interaction = ssoInteraction();
    if (interaction) {
      await continueToApplication(interaction, result.data.token);
      return;
    }
    writeSession(await completeLogin(result.data.token, result.data.apps_id));
  } catch (error) {
    const apiError = toApiError(error);
    throw new Error(apiError.fieldError('passkey') ?? apiError.message, { cause: error });
  }
}
