import { localValue } from '@sso/shared/session';
import { storedValueGuard } from '../storage/stored-value-guard';

/** What /verifikasi-dua-langkah needs from the first step: the api's challenge and whether to enrol. */
export interface StoredTwoStep {
  challenge: string;
  enrol: boolean;
  /** The user has a passkey: "Gunakan passkey" is offered. */
  passkey?: boolean;
}

const isStoredTwoStep = (value: unknown): value is StoredTwoStep => {
  if (typeof value !== 'object' || value === null) return false;
  const challenge: unknown = Reflect.get(value, 'challenge');
  const enrol: unknown = Reflect.get(value, 'enrol');
  return (
    typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(challenge) && typeof enrol === 'boolean'
  );
};

/** Kept in localStorage so a reload keeps the step; cleared when done or left (it expires in 10 minutes). */
export const twoStepStore = localValue('sso.auth.login.two-step', storedValueGuard(isStoredTwoStep));

/** Keeps what a first step answered for /verifikasi-dua-langkah. */
export function storeTwoStep(step: { challenge: string; enrol: boolean; methods?: readonly string[] }): void {
  twoStepStore.write({
    challenge: step.challenge,
    enrol: step.enrol,
    passkey: step.methods?.includes('passkey') ?? false,
  });
}
