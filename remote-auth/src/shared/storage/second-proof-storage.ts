import * as v from 'valibot';
import { localValue } from '@sso/shared/session';

/** What /verifikasi-masuk needs from the NIK login: the api's challenge and where the code went. */
export interface StoredSecondProof {
  challenge: string;
  masked_phone: string;
}

const storedSecondProofSchema = v.object({
  challenge: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  masked_phone: v.pipe(v.string(), v.maxLength(32)),
}) satisfies v.GenericSchema<unknown, StoredSecondProof>;

/** Kept in localStorage so a reload of /verifikasi-masuk keeps working; cleared when done or left. */
export const secondProofStore = localValue('sso.auth.login.second-proof', storedSecondProofSchema);
