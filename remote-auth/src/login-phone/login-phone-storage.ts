import { localValue } from '@sso/shared/session';
import { cooldownGuard } from '../shared/otp/resend-cooldown';
import { digitsOf } from '../shared/storage/stored-value-guard';

/**
 * What the phone login keeps between its two screens, in localStorage so a reload of
 * /verifikasi-otp keeps working: the phone the code went to and the resend cooldown.
 */
export const loginPhoneStore = localValue('sso.auth.login.phone', digitsOf(20));
export const loginCooldownStore = localValue('sso.auth.login.otp-cooldown', cooldownGuard);

/** Back to the first step, or the login is done: nothing of the flow stays behind. */
export function clearLoginPhoneFlow(): void {
  loginPhoneStore.clear();
  loginCooldownStore.clear();
}
