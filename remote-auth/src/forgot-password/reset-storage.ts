import { z } from 'zod';
import { localValue } from '@sso/shared/session';
import { cooldownSchema } from '../otp/resend-cooldown';

/**
 * Spec 4 "Forgot password": the flow stores nik and masked phone (step 1), then the verified otp
 * (step 2), and the resend cooldown (count + expiry); all are cleared after a successful reset.
 */
export const resetNikStore = localValue('sso.auth.reset.nik', z.string().trim().min(1).max(32));
export const resetPhoneStore = localValue('sso.auth.reset.phone', z.string().min(1).max(40));
export const resetOtpStore = localValue('sso.auth.reset.otp', z.string().regex(/^[0-9]{1,10}$/));
export const resetCooldownStore = localValue('sso.auth.reset.otp-cooldown', cooldownSchema);

/** Stored nik, otp, phone, resend count and expiry: all of the flow. */
export function clearResetFlow(): void {
  resetNikStore.clear();
  resetPhoneStore.clear();
  resetOtpStore.clear();
  resetCooldownStore.clear();
}
