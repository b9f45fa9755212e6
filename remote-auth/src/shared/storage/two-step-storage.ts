import * as v from 'valibot';
import { localValue } from '@sso/shared/session';

/** What /verifikasi-dua-langkah needs from the first step: the api's challenge and whether to enrol. */
export interface StoredTwoStep {
  challenge: string;
  enrol: boolean;
  /** The user has a passkey: "Gunakan passkey" is offered. */
  passkey?: boolean;
}

const storedTwoStepSchema = v.object({
  challenge: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  enrol: v.boolean(),
  passkey: v.optional(v.boolean()),
}) satisfies v.GenericSchema<unknown, StoredTwoStep>;

/** Kept in localStorage so a reload keeps the step; cleared when done or left (it expires in 10 minutes). */
export const twoStepStore = localValue('sso.auth.login.two-step', storedTwoStepSchema);

/** Keeps what a first step answered for /verifikasi-dua-langkah. */
export function storeTwoStep(step: { challenge: string; enrol: boolean; methods?: readonly string[] }): void {
  twoStepStore.write({
    challenge: step.challenge,
    enrol: step.enrol,
    passkey: step.methods?.includes('passkey') ?? false,
  });
}
