import { localValue } from '@sso/shared/session';
import { cooldownGuard } from '../shared/otp/resend-cooldown';
import { digitsOf, textOf } from '../shared/storage/stored-value-guard';

/**
 * Spec 4 "Forgot password": the flow stores nik and masked phone (step 1), then the verified otp
 * (step 2), and the resend cooldown (count + expiry); all are cleared after a successful reset.
 */
export const resetNikStore = localValue('sso.auth.reset.nik', textOf(32, { trim: true }));
export const resetPhoneStore = localValue('sso.auth.reset.phone', textOf(40));
export const resetOtpStore = localValue('sso.auth.reset.otp', digitsOf(10));
export const resetCooldownStore = localValue('sso.auth.reset.otp-cooldown', cooldownGuard);
/** Stored nik, otp, phone, resend count and expiry: all of the flow. */
export function clearResetFlow(): void {
  resetNikStore.clear();
  resetPhoneStore.clear();
  resetOtpStore.clear();
  resetCooldownStore.clear();
}
