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
import type { Store } from '../../db/store';
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

export function createPasskeys(store: Store, clock: Clock, panelUrl: string): Passkeys {
  const db = store.db;
  const origin = new URL(panelUrl).origin;
  const rpID = new URL(panelUrl).hostname;
  const credentials = (userId: number): Promise<CredentialRow[]> =>
    db
      .selectFrom('two_step_factors')
      .select(['id', 'credential_id', 'public_key', 'sign_count', 'transports', 'device_type'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'passkey')
      .orderBy('id')
      .execute()
      // A passkey row always has both (written by `register`).
      .then((rows) =>
        rows.map((row) => ({
          ...row,
          credential_id: row.credential_id ?? '',
          public_key: row.public_key ?? '',
        })),
      );

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
      await db
        .updateTable('two_step_factors')
        .set({ sign_count: verification.authenticationInfo.newCounter, last_used_at: clock() })
        .where('id', '=', row.id)
        .execute();
      return row.device_type === 'multiDevice' ? 'swk' : 'hwk';
    } catch {
      return null;
    }
  };

  return {
    registrationOptions: async (user) =>
      generateRegistrationOptions({
        rpName: ISSUER,
        rpID,
        userName: user.nik,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(`sso-user-${user.id}`),
        attestationType: 'none',
        excludeCredentials: (await credentials(user.id)).map((row) => ({
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
      // A credential registered twice (two tabs, two instances): the unique index keeps one.
      const inserted = await db
        .insertInto('two_step_factors')
        .values({
          user_id: userId,
          kind: 'passkey',
          label,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          sign_count: credential.counter,
          transports: (credential.transports ?? []).join(','),
          device_type: credentialDeviceType,
          created_at: clock(),
        })
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id ?? null;
    },

    async authenticationOptions(userId) {
      const rows = await credentials(userId);
      if (rows.length === 0) return null;
      return generateAuthenticationOptions({
        rpID,
        userVerification: 'preferred',
        allowCredentials: rows.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
      });
    },

    async authenticate(userId, response, challenge) {
      // Only a passkey of this user counts: another user's (or an unknown one) is refused.
      const row = (await credentials(userId)).find((r) => r.credential_id === response.id);
      return row ? verifyWith(row, response, challenge, false) : null;
    },

    discoverableOptions: () => generateAuthenticationOptions({ rpID, userVerification: 'required' }),

    async authenticateAny(response, challenge) {
      const owner = await db
        .selectFrom('two_step_factors')
        .select('user_id')
        .where('credential_id', '=', response.id)
        .where('kind', '=', 'passkey')
        .executeTakeFirst();
      if (owner === undefined) return null;
      const userId = owner.user_id;
      const row = (await credentials(userId)).find((r) => r.credential_id === response.id);
      const kind = row ? await verifyWith(row, response, challenge, true) : null;
      return kind ? { userId, kind } : null;
    },
  };
}
