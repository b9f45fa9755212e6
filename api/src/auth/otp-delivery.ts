import type { FastifyBaseLogger } from 'fastify';
import { maskPhone, type OtpPurpose } from '@sso/shared/contract';
import type { Store } from '../db/store';

/** One code to deliver to a phone. Only the delivery sees the code in clear; the api stores its HMAC. */
export interface OtpMessage {
  to: string;
  code: string;
  purpose: OtpPurpose;
  /** When it was created (ms since the epoch). */
  at: number;
}

/**
 * How a code reaches its phone (docs/operations.md "Production", ADR 0007 "No secret in a log or a table"):
 * `outbox` in development only (the code in the log and the `outbox` table, read by /__dev/outbox
 * and the end-to-end tests), `webhook` in production (a POST to the SMS gateway named by
 * OTP_WEBHOOK_URL), `none` in production without a gateway (nothing is sent; a warning without the
 * code says so). No production delivery writes the code to a log line or a table.
 */
export interface OtpDelivery {
  readonly kind: 'outbox' | 'webhook' | 'none';
  /** Resolves once the code is handed over (the gateway's answer is not awaited: see the webhook). */
  deliver(message: OtpMessage): Promise<void>;
}

/** The message text an SMS gateway sends (Indonesian, as the spec's screens). */
export const otpText = (message: Pick<OtpMessage, 'code' | 'purpose'>): string =>
  message.purpose === 'reset'
    ? `Kode OTP reset password SSO Anda: ${message.code}. Jangan berikan kode ini kepada siapa pun.`
    : `Kode OTP masuk SSO Anda: ${message.code}. Jangan berikan kode ini kepada siapa pun.`;

/** Development: the code in the log and the outbox table. Refused when `production` is true. */
export function createOutboxDelivery(store: Store, log: FastifyBaseLogger, production: boolean): OtpDelivery {
  if (production) throw new Error('The development outbox is never used with NODE_ENV=production');
  return {
    kind: 'outbox',
    async deliver({ to, code, purpose, at }) {
      await store.db.insertInto('outbox').values({ to_target: to, code, purpose, created_at: at }).execute();
      log.info({ to, purpose }, `OTP ${purpose} untuk ${to}: ${code}`);
    },
  };
}

export interface WebhookSettings {
  url: string;
  /** Sent as `Authorization: Bearer …` when set (OTP_WEBHOOK_TOKEN). */
  token: string | undefined;
  /** Gives up after this long (the request is not awaited by the sign-in answer). */
  timeoutMs?: number;
}

/**
 * Production: `POST <url>` with `{ "to", "purpose", "text" }` (JSON) to an SMS gateway. Sent after
 * the answer's transaction, never awaited by it (a slow gateway does not slow sign-in, nor does it
 * tell by timing who exists); a failure is logged with the masked phone and the status only.
 */
export function createWebhookDelivery(settings: WebhookSettings, log: FastifyBaseLogger): OtpDelivery {
  return {
    kind: 'webhook',
    async deliver(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (settings.token) headers.authorization = `Bearer ${settings.token}`;
      const to = maskPhone(message.to);
      void fetch(settings.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: message.to, purpose: message.purpose, text: otpText(message) }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      }).then(
        (response) => {
          if (!response.ok) log.warn({ to, status: response.status }, 'OTP delivery refused by the gateway');
        },
        (error: unknown) =>
          log.warn({ to, reason: error instanceof Error ? error.name : 'error' }, 'OTP delivery failed'),
      );
    },
  };
}

/** Production without OTP_WEBHOOK_URL: nothing is sent, and the log says so without the code. */
export function createNoDelivery(log: FastifyBaseLogger): OtpDelivery {
  return {
    kind: 'none',
    async deliver({ to, purpose }) {
      log.warn({ to: maskPhone(to), purpose }, 'OTP not sent: no delivery is configured (OTP_WEBHOOK_URL)');
    },
  };
}
