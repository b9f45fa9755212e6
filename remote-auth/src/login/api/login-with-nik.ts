import { useAction } from '../../auth-action/use-action';
import { writeSession } from '@sso/shared/session';
import { continueToApplication, leavingForApplication, ssoInteraction } from '../../sso/sso-request';
import { useFinishLogin } from '../use-finish-login';

export interface NikCredentials {
  nik: string;
  password: string;
}

/**
 * POST auth/login/nik (with `url` = this origin) and the rest of the login chain; the session is
 * written only once every step succeeded, so a failure leaves nothing half-stored.
 */
export async function loginAndStore({ nik, password }: NikCredentials): Promise<void> {
  const { api, loginWithNik, toApiError } = await loadApi();
  const interaction = ssoInteraction();
  if (interaction) {
    // A sign-in for another application: the credential step only, then back to it (ADR 0015).
    const { loginResponseSchema, paths } = await import('@sso/shared/contract');
    let token: string;
    try {
      const url = window.location.origin;
      token = (await api.post(paths.auth.loginNik, { nik, password, url }, loginResponseSchema)).data.token;
    } catch (error) {
      throw toApiError(error);
    }
    await continueToApplication(interaction, token);
    return;
  }
  try {
    writeSession(await loginWithNik(nik, password));
  } catch (error) {
    // The form reads server errors from an ApiError (serverFormErrors).
    throw toApiError(error);
  }
}

/**
 * The api client and the zod contract are not needed to paint the form: they load on the first
 * keystroke (`preloadLoginCall`) or, at the latest, on submit (ADR 0006).
 */
const loadApi = () => import('@sso/shared/api');

export function preloadLoginCall(): void {
  loadApi().catch(() => undefined);
}

export function useLoginWithNik() {
  const finish = useFinishLogin();
  return useAction({
    action: loginAndStore,
    onSuccess: () => {
      if (!leavingForApplication()) finish();
    },
  });
}
