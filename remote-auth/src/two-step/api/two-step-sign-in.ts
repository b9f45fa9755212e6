import { api, completeLogin, toApiError } from '@sso/shared/api';
import {
  loginResponseSchema,
  passkeyOptionsResponseSchema,
  totpOfferResponseSchema,
  twoStepEnrolledResponseSchema,
  twoStepPaths,
  type TotpOffer,
  type TwoStepMethod,
} from '@sso/shared/contract';
import { writeSession } from '@sso/shared/session';
import { continueToApplication, ssoInteraction } from '../../shared/sso/sso-request';
import { twoStepStore } from '../../shared/storage/two-step-storage';

/**
 * The end of a sign-in whose second step passed: during a single sign-on request the login token
 * goes to the provider and the browser returns to the application (ADR 0015); otherwise the panel's
 * login chain runs and the session is stored once every step succeeded.
 */
export async function finishSignIn(login: { token: string; apps_id: number | string }): Promise<void> {
  twoStepStore.clear();
  const interaction = ssoInteraction();
  if (interaction) {
    await continueToApplication(interaction, login.token);
    return;
  }
  writeSession(await completeLogin(login.token, login.apps_id));
}

const call = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    throw toApiError(error);
  }
};

/** POST auth/login/two-step: an authenticator or recovery code, then the end of the sign-in. */
export async function verifySecondStep(input: { challenge: string; method: TwoStepMethod; code: string }) {
  const result = await call(() =>
    api.post(twoStepPaths.verify, input, loginResponseSchema, { withCredentials: true }),
  );
  await finishSignIn(result.data);
}

/** A passkey as the second step: options bound to the pending sign-in, the device signs, the api checks. */
export async function verifyWithPasskey(challenge: string) {
  const { signWithPasskey } = await import('../../shared/two-step/passkey-ceremony');
  const { options } = (
    await call(() => api.post(twoStepPaths.passkeyOptions, { challenge }, passkeyOptionsResponseSchema))
  ).data;
  const response = await signWithPasskey(options);
  const result = await call(() =>
    api.post(twoStepPaths.passkeyVerify, { challenge, response }, loginResponseSchema, {
      withCredentials: true,
    }),
  );
  await finishSignIn(result.data);
}

/** POST auth/login/two-step/enrol: a secret for the authenticator app (a forced enrolment). */
export async function startEnrolment(challenge: string): Promise<TotpOffer> {
  return (await call(() => api.post(twoStepPaths.enrolStart, { challenge }, totpOfferResponseSchema))).data;
}

/** POST auth/login/two-step/enrol/confirm: one code adds the app; the login and 10 recovery codes. */
export async function confirmEnrolment(input: { challenge: string; code: string }) {
  return (
    await call(() =>
      api.post(twoStepPaths.enrolConfirm, input, twoStepEnrolledResponseSchema, { withCredentials: true }),
    )
  ).data;
}
