import { localValue } from '@sso/shared/session';
import { storedValueGuard } from '../storage/stored-value-guard';

/** What /verifikasi-masuk needs from the NIK login: the api's challenge and where the code went. */
export interface StoredSecondProof {
  challenge: string;
  masked_phone: string;
}

const isStoredSecondProof = (value: unknown): value is StoredSecondProof => {
  if (typeof value !== 'object' || value === null) return false;
  const challenge: unknown = Reflect.get(value, 'challenge');
  const maskedPhone: unknown = Reflect.get(value, 'masked_phone');
  return (
    typeof challenge === 'string' &&
    /^[A-Za-z0-9_-]{1,64}$/.test(challenge) &&
    typeof maskedPhone === 'string' &&
    maskedPhone.length <= 32
  );
};

/** Kept in localStorage so a reload of /verifikasi-masuk keeps working; cleared when done or left. */
export const secondProofStore = localValue(
  'sso.auth.login.second-proof',
  storedValueGuard(isStoredSecondProof),
);
