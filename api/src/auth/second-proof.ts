import { randomBytes } from 'node:crypto';
import { maskPhone, type SecondProofData } from '@sso/shared/contract';
import type { Clock } from '../clock';
import type { Store } from '../db/store';
import { CredentialError } from '../http/errors';
import type { Account } from './accounts';
import type { OtpService } from './otp-service';
import { identifierKey } from './throttle';

export const SECOND_PROOF_MESSAGE = 'Verifikasi tambahan diperlukan';
const CHALLENGE_GONE = 'Sesi verifikasi tidak berlaku. Silakan masuk lagi.';

/**
 * The second proof (issue 36): a password sign-in from a browser the account does not know, while
 * the budget unknown browsers share for it (or its address's) is used up, is not refused. It opens a
 * challenge: when NIK and password were right (and the account active), a login code goes to the
 * registered phone; otherwise nothing is sent and the challenge is a decoy whose codes never match.
 * Both answer alike (the masked phone of the NIK, or a decoy's for an unknown NIK), so the answer
 * tells nothing about the password, and the guesser, who does not hold the phone, learns nothing.
 */
export interface SecondProof {
  open(
    nik: string,
    found: Account | undefined,
    passwordOk: boolean,
  ): Promise<SecondProofData['second_proof']>;
  /** The account a right code for `challenge` signs in to; a wrong code or a decoy throws (counted). */
  verify(challenge: string, code: string): Promise<number>;
}

export function createSecondProof(
  store: Store,
  clock: Clock,
  otp: OtpService,
  ttlSeconds: number,
): SecondProof {
  const db = store.db;
  const decoyOf = (challenge: string) => `challenge:${challenge}`;
  const gone = () => new CredentialError(422, { message: CHALLENGE_GONE, errors: { otp: CHALLENGE_GONE } });

  return {
    async open(nik, found, passwordOk) {
      const now = clock();
      await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', now).execute();
      const id = randomBytes(24).toString('base64url');
      const real = passwordOk && found?.is_active === 1 ? found : undefined;
      if (real) {
        // A login code sent within the last minute stays valid and is not sent again; either way
        // the answer is the same as a wrong password's, which sends nothing.
        await otp.ensureSent({ id: real.id, phone: real.phone }, 'login');
      } else {
        await otp.sendDecoy(decoyOf(id), 'login');
      }
      await db
        .insertInto('sign_in_challenges')
        .values({
          id,
          user_id: found?.id ?? null,
          password_ok: real ? 1 : 0,
          expires_at: now + ttlSeconds * 1000,
          created_at: now,
        })
        .execute();
      return {
        challenge: id,
        masked_phone: found ? maskPhone(found.phone) : otp.decoyMaskedPhone(identifierKey({ nik })),
        expires_in: ttlSeconds,
      };
    },

    async verify(challenge, code) {
      // Only the phone-code challenges of this proof: a pending two-step sign-in is not answered here.
      const row = await db
        .selectFrom('sign_in_challenges')
        .select(['user_id', 'password_ok', 'expires_at'])
        .where('id', '=', challenge)
        .where('purpose', '=', 'phone_code')
        .executeTakeFirst();
      if (!row || row.expires_at <= clock()) throw gone();
      if (row.password_ok !== 1 || row.user_id === null)
        return otp.checkDecoy(decoyOf(challenge), 'login', code);
      await otp.check(row.user_id, 'login', code, 'consume');
      // A used challenge ends at once; its row stays until the next purge (the activity log reads it).
      await db.updateTable('sign_in_challenges').set({ expires_at: 0 }).where('id', '=', challenge).execute();
      return row.user_id;
    },
  };
}
