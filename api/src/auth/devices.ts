import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@sso/shared/contract';
import type { Clock } from '../clock';
import type { ApiConfig } from '../config';
import type { Store } from '../db/store';
import type { TokenSigner } from './tokens';

/** The device cookie's name: one per browser, whatever accounts it signs in to. */
export const DEVICE_COOKIE = 'sso_device';

const DAY_MS = 86_400_000;
/** `<id>.<signature>`: 24 characters of random id, the HMAC of it (base64url, 43 characters). */
const COOKIE_VALUE = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/;

/**
 * Browsers that signed in to an account (OWASP's "device cookies" against online guessing, issue 36).
 * A successful sign-in (password, phone code, second proof) sets a signed, HttpOnly cookie naming a
 * random device id and records the pair (account, device) for `days` after its last success. A try
 * from that browser at that account then counts against its own budget only
 * (`knownDeviceGuessKey`): nothing done from its address or anywhere else refuses it.
 */
export interface Devices {
  /** The browser's device id, when it sent a device cookie this api signed. */
  idOf(request: FastifyRequest): string | null;
  isKnown(userId: number, deviceId: string): Promise<boolean>;
  /** Makes the browser known to the account (a new id when it has none) and (re)sets its cookie. */
  remember(userId: number, request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

type DeviceSettings = Pick<ApiConfig, 'knownAddressDays' | 'deviceCookieSameSite' | 'publicUrl'>;

/** One cookie of a Cookie header, or undefined (no cookie parser is registered: this is the only one). */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export function createDevices(
  store: Store,
  signer: TokenSigner,
  clock: Clock,
  settings: DeviceSettings,
): Devices {
  const db = store.db;
  const signatureOf = (id: string) => signer.digest(`device:${id}`);
  const maxAgeSeconds = settings.knownAddressDays * 86_400;
  const secure = settings.deviceCookieSameSite === 'none' || settings.publicUrl.startsWith('https:');
  const sameSite = { strict: 'Strict', lax: 'Lax', none: 'None' }[settings.deviceCookieSameSite];

  const idOf = (request: FastifyRequest): string | null => {
    const match = COOKIE_VALUE.exec(cookieOf(request.headers.cookie, DEVICE_COOKIE) ?? '');
    if (!match?.[1] || !match[2]) return null;
    const expected = Buffer.from(signatureOf(match[1]));
    const actual = Buffer.from(match[2]);
    return expected.length === actual.length && timingSafeEqual(expected, actual) ? match[1] : null;
  };

  return {
    idOf,
    async isKnown(userId, deviceId) {
      const row = await db
        .selectFrom('known_devices')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('device_id', '=', deviceId)
        .where('last_success_at', '>', clock() - settings.knownAddressDays * DAY_MS)
        .executeTakeFirst();
      return row !== undefined;
    },
    async remember(userId, request, reply) {
      const id = idOf(request) ?? randomBytes(18).toString('base64url');
      const now = clock();
      await db
        .insertInto('known_devices')
        .values({ user_id: userId, device_id: id, last_success_at: now })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'device_id'])
            .doUpdateSet({ last_success_at: (eb) => eb.ref('excluded.last_success_at') }),
        )
        .execute();
      await db
        .deleteFrom('known_devices')
        .where('last_success_at', '<=', now - settings.knownAddressDays * DAY_MS)
        .execute();
      const attributes = [
        `${DEVICE_COOKIE}=${id}.${signatureOf(id)}`,
        `Path=${API_PREFIX}`,
        `Max-Age=${maxAgeSeconds}`,
        'HttpOnly',
        `SameSite=${sameSite}`,
        ...(secure ? ['Secure'] : []),
      ];
      reply.header('set-cookie', attributes.join('; '));
    },
  };
}
