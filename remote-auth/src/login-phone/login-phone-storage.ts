import { z } from 'zod';
import { localValue } from '@sso/shared/session';
import { cooldownSchema } from '../otp/resend-cooldown';

/**
 * What the phone login keeps between its two screens, in localStorage so a reload of
 * /verifikasi-otp keeps working: the phone the code went to and the resend cooldown.
 */
export const loginPhoneStore = localValue('sso.auth.login.phone', z.string().regex(/^[0-9]{1,20}$/));
export const loginCooldownStore = localValue('sso.auth.login.otp-cooldown', cooldownSchema);

/** Back to the first step, or the login is done: nothing of the flow stays behind. */
export function clearLoginPhoneFlow(): void {
  loginPhoneStore.clear();
  loginCooldownStore.clear();
}
