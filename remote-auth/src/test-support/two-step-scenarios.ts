import { SSO_PANEL_APP_ID, twoStepPaths, type TwoStepStatus } from '@sso/shared/contract';
import { answer, apiUrl, http, inTurn, type Refusal } from '@sso/shared/testing/fake-server';

/** The account's two-step verification: none by default. */
export const twoStepStatus = (overrides: Partial<TwoStepStatus> = {}): TwoStepStatus => ({
  factors: [],
  recovery_codes_left: 0,
  required: false,
  ...overrides,
});

/**
 * Named answers of the account's two-step api (Keamanan Akun) for the fake server, each body typed
 * by the contract's response.
 */
export const twoStepScenarios = {
  /** GET account two-step answers these in turn (the last one from then on). */
  status: (...answers: readonly (TwoStepStatus | Refusal)[]) =>
    http.get(apiUrl(twoStepPaths.account), inTurn(answers)),
  /** POST account TOTP: an authenticator app to add (its secret, URI and sealed enrolment). */
  totpOffered: (secret: string, enrolment = 'sealed') =>
    http.post(apiUrl(twoStepPaths.accountTotp), () =>
      answer({ secret, uri: `otpauth://totp/x?secret=${secret}`, enrolment }),
    ),
  /** POST account TOTP confirm: the app is added, with the status after it and the recovery codes. */
  totpConfirmed: (status: TwoStepStatus, codes: readonly string[]) =>
    http.post(apiUrl(twoStepPaths.accountTotpConfirm), () => answer({ status, recovery_codes: [...codes] })),
  /** POST sign-in enrolment: the secret of the authenticator app to add (a forced enrolment). */
  enrolOffered: (secret: string) =>
    http.post(apiUrl(twoStepPaths.enrolStart), () =>
      answer({ secret, uri: `otpauth://totp/SSO%20Panel:100009?secret=${secret}` }),
    ),
  /** POST sign-in enrolment confirm: the app is added; the login token and the recovery codes. */
  enrolConfirmed: (codes: readonly string[]) =>
    http.post(apiUrl(twoStepPaths.enrolConfirm), () =>
      answer({ token: 'test-login-token', apps_id: SSO_PANEL_APP_ID, recovery_codes: [...codes] }),
    ),
  /** POST the passkey options of a pending sign-in (what the device signs). */
  passkeyOptions: () =>
    http.post(apiUrl(twoStepPaths.passkeyOptions), () => answer({ options: { challenge: 'dGVzdA' } })),
  /** POST account recovery codes: a new set (the old one ends). */
  recoveryCodesRenewed: (codes: readonly string[]) =>
    http.post(apiUrl(twoStepPaths.accountRecoveryCodes), () => answer({ recovery_codes: [...codes] })),
  /** DELETE account factor answers these in turn: the status after it, or a refusal. */
  factorRemoved: (...answers: readonly (TwoStepStatus | Refusal)[]) =>
    http.delete(apiUrl(twoStepPaths.accountFactor(':id')), inTurn(answers)),
};
