import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { ISSUER } from './factors';

/**
 * Passkeys (WebAuthn, ADR 0021) through `@simplewebauthn/server`: the relying party is the panel's
 * configured origin (PANEL_URL: the host, also behind nginx), its hostname the RP ID. Challenges
 * are made here and kept by the caller bound to one pending sign-in or one signed-in user; each is
 * used once.
 */
export interface Passkeys {
  registrationOptions(user: {
    id: number;
    nik: string;
    name: string;
  }): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** Stores the passkey when the response answers `challenge` at our origin; its factor id, or null. */
  register(
    userId: number,
    label: string,
    response: RegistrationResponseJSON,
    challenge: string,
  ): Promise<number | null>;
  authenticationOptions(userId: number): Promise<PublicKeyCredentialRequestOptionsJSON | null>;
  /** `hwk` (a device-bound key) or `swk` (a synced one) when a passkey of `userId` signed `challenge`. */
  authenticate(
    userId: number,
    response: AuthenticationResponseJSON,
    challenge: string,
  ): Promise<'hwk' | 'swk' | null>;
  /** Options for "Masuk dengan passkey": any passkey of this site, user verification required. */
  discoverableOptions(): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** The user whose passkey signed `challenge` with user verification (a passkey alone is two factors). */
  authenticateAny(
    response: AuthenticationResponseJSON,
    challenge: string,
  ): Promise<{ userId: number; kind: 'hwk' | 'swk' } | null>;
}

interface CredentialRow {
  id: number;
  credential_id: string;
  public_key: string;
  sign_count: number;
  transports: string | null;
  device_type: string | null;
}

const transportsOf = (row: CredentialRow): string[] | undefined =>
  row.transports ? row.transports.split(',').filter(Boolean) : undefined;

export function createPasskeys(db: Db, clock: Clock, panelUrl: string): Passkeys {
  const origin = new URL(panelUrl).origin;
  const rpID = new URL(panelUrl).hostname;
  const credentials = db.prepare<[number], CredentialRow>(
    `SELECT id, credential_id, public_key, sign_count, transports, device_type FROM two_step_factors
     WHERE user_id = ? AND kind = 'passkey' ORDER BY id`,
  );
  const insert = db.prepare(
    `INSERT INTO two_step_factors (user_id, kind, label, credential_id, public_key, sign_count, transports, device_type, created_at)
     VALUES (?, 'passkey', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const taken = db
    .prepare<[string], number>('SELECT 1 FROM two_step_factors WHERE credential_id = ?')
    .pluck();
  const used = db.prepare('UPDATE two_step_factors SET sign_count = ?, last_used_at = ? WHERE id = ?');
  const ownerOf = db
    .prepare<[string], number>(
      "SELECT user_id FROM two_step_factors WHERE credential_id = ? AND kind = 'passkey'",
    )
    .pluck();

  /** Verifies `response` against the stored passkey `row` of its user. */
  const verifyWith = async (
    row: CredentialRow,
    response: AuthenticationResponseJSON,
    challenge: string,
    requireUserVerification: boolean,
  ): Promise<'hwk' | 'swk' | null> => {
    try {
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification,
        credential: {
          id: row.credential_id,
          publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
          counter: row.sign_count,
          transports: transportsOf(row),
        },
      });
      if (!verification.verified) return null;
      used.run(verification.authenticationInfo.newCounter, clock(), row.id);
      return row.device_type === 'multiDevice' ? 'swk' : 'hwk';
    } catch {
      return null;
    }
  };

  return {
    registrationOptions: (user) =>
      generateRegistrationOptions({
        rpName: ISSUER,
        rpID,
        userName: user.nik,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(`sso-user-${user.id}`),
        attestationType: 'none',
        excludeCredentials: credentials.all(user.id).map((row) => ({
          id: row.credential_id,
          transports: transportsOf(row),
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      }),

    async register(userId, label, response, challenge) {
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch {
        return null;
      }
      if (!verification.verified) return null;
      const { credential, credentialDeviceType } = verification.registrationInfo;
      if (taken.get(credential.id) !== undefined) return null;
      const result = insert.run(
        userId,
        label,
        credential.id,
        Buffer.from(credential.publicKey).toString('base64url'),
        credential.counter,
        (credential.transports ?? []).join(','),
        credentialDeviceType,
        clock(),
      );
      return Number(result.lastInsertRowid);
    },

    async authenticationOptions(userId) {
      const rows = credentials.all(userId);
      if (rows.length === 0) return null;
      return generateAuthenticationOptions({
        rpID,
        userVerification: 'preferred',
        allowCredentials: rows.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
      });
    },

    async authenticate(userId, response, challenge) {
      // Only a passkey of this user counts: another user's (or an unknown one) is refused.
      const row = credentials.all(userId).find((r) => r.credential_id === response.id);
      return row ? verifyWith(row, response, challenge, false) : null;
    },

    discoverableOptions: () => generateAuthenticationOptions({ rpID, userVerification: 'required' }),

    async authenticateAny(response, challenge) {
      const userId = ownerOf.get(response.id);
      if (userId === undefined) return null;
      const row = credentials.all(userId).find((r) => r.credential_id === response.id);
      const kind = row ? await verifyWith(row, response, challenge, true) : null;
      return kind ? { userId, kind } : null;
    },
  };
}
