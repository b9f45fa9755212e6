import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
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
  open(userId: number, purpose: PendingSignIn['purpose'], firstStep: FirstStep, appUrl: string): string;
  /** The live pending sign-in of `challenge` with `purpose`; a 422 otherwise (counted as a wrong try). */
  read(challenge: string, purpose: PendingSignIn['purpose']): PendingSignIn;
  offerSecret(challenge: string, sealed: string | null): void;
  end(challenge: string): void;
}

export const PENDING_TTL_SECONDS = 600;

interface Row {
  user_id: number | null;
  purpose: string;
  first_amr: string | null;
  app_url: string | null;
  pending_secret: string | null;
  expires_at: number;
}

export function createPendingSignIns(db: Db, clock: Clock): PendingSignIns {
  const insert = db.prepare(
    `INSERT INTO sign_in_challenges (id, user_id, password_ok, expires_at, created_at, purpose, first_amr, app_url)
     VALUES (?, ?, 1, ?, ?, ?, ?, ?)`,
  );
  const select = db.prepare<[string], Row>(
    `SELECT user_id, purpose, first_amr, app_url, pending_secret, expires_at FROM sign_in_challenges
     WHERE id = ?`,
  );
  const setSecret = db.prepare('UPDATE sign_in_challenges SET pending_secret = ? WHERE id = ?');
  const end = db.prepare('UPDATE sign_in_challenges SET expires_at = 0, pending_secret = NULL WHERE id = ?');
  const purge = db.prepare('DELETE FROM sign_in_challenges WHERE expires_at <= ?');
  const gone = () => new CredentialError(422, { message: TWO_STEP_GONE, errors: { code: TWO_STEP_GONE } });

  return {
    open(userId, purpose, firstStep, appUrl) {
      const now = clock();
      purge.run(now);
      const id = randomBytes(24).toString('base64url');
      insert.run(id, userId, now + PENDING_TTL_SECONDS * 1000, now, purpose, firstStep, appUrl);
      return id;
    },
    read(challenge, purpose) {
      const row = select.get(challenge);
      if (!row || row.purpose !== purpose || row.user_id === null || row.expires_at <= clock()) throw gone();
      return {
        userId: row.user_id,
        purpose,
        firstStep: row.first_amr === 'sms' ? 'sms' : 'pwd',
        appUrl: row.app_url ?? '',
        pendingSecret: row.pending_secret,
      };
    },
    offerSecret(challenge, sealed) {
      setSecret.run(sealed, challenge);
    },
    end(challenge) {
      end.run(challenge);
    },
  };
}
