import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Store } from '../../db/store';
import { CredentialError } from '../../http/errors';

/** How the first step was made, as OpenID Connect `amr` values (RFC 8176). */
export type FirstStep = 'pwd' | 'sms';

export const TWO_STEP_GONE = 'Sesi verifikasi tidak berlaku. Silakan masuk lagi.';

/**
 * A sign-in whose first step passed and whose second is pending (ADR 0021): a row of
 * `sign_in_challenges` (the table of the second proof, issue 36) with purpose `two_step` (answer
 * with a factor) or `two_step_enrol` (the role requires a factor the user has not added yet). No
 * session exists until it is answered; it lives 10 minutes and ends when answered.
 */
export interface PendingSignIn {
  userId: number;
  purpose: 'two_step' | 'two_step_enrol';
  firstStep: FirstStep;
  appUrl: string;
  /** A sealed authenticator secret offered during a forced enrolment. */
  pendingSecret: string | null;
}

export interface PendingSignIns {
  open(
    userId: number,
    purpose: PendingSignIn['purpose'],
    firstStep: FirstStep,
    appUrl: string,
  ): Promise<string>;
  /** The live pending sign-in of `challenge` with `purpose`; a 422 otherwise (counted as a wrong try). */
  read(challenge: string, purpose: PendingSignIn['purpose']): Promise<PendingSignIn>;
  offerSecret(challenge: string, sealed: string | null): Promise<void>;
  end(challenge: string): Promise<void>;
}

export const PENDING_TTL_SECONDS = 600;

export function createPendingSignIns(store: Store, clock: Clock): PendingSignIns {
  const db = store.db;
  const gone = () => new CredentialError(422, { message: TWO_STEP_GONE, errors: { code: TWO_STEP_GONE } });

  return {
    async open(userId, purpose, firstStep, appUrl) {
      const now = clock();
      await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', now).execute();
      const id = randomBytes(24).toString('base64url');
      await db
        .insertInto('sign_in_challenges')
        .values({
          id,
          user_id: userId,
          password_ok: 1,
          expires_at: now + PENDING_TTL_SECONDS * 1000,
          created_at: now,
          purpose,
          first_amr: firstStep,
          app_url: appUrl,
        })
        .execute();
      return id;
    },
    async read(challenge, purpose) {
      const row = await db
        .selectFrom('sign_in_challenges')
        .select(['user_id', 'purpose', 'first_amr', 'app_url', 'pending_secret', 'expires_at'])
        .where('id', '=', challenge)
        .executeTakeFirst();
      if (!row || row.purpose !== purpose || row.user_id === null || row.expires_at <= clock()) throw gone();
      return {
        userId: row.user_id,
        purpose,
        firstStep: row.first_amr === 'sms' ? 'sms' : 'pwd',
        appUrl: row.app_url ?? '',
        pendingSecret: row.pending_secret,
      };
    },
    async offerSecret(challenge, sealed) {
      await db
        .updateTable('sign_in_challenges')
        .set({ pending_secret: sealed })
        .where('id', '=', challenge)
        .execute();
    },
    async end(challenge) {
      await db
        .updateTable('sign_in_challenges')
        .set({ expires_at: 0, pending_secret: null })
        .where('id', '=', challenge)
        .execute();
    },
  };
}
