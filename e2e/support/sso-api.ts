import type { APIRequestContext } from '@playwright/test';
import { DEV_OUTBOX_PATH, outboxResponseSchema, type OtpPurpose } from '@sso/shared/contract';
import { signIn, type Session } from '../../scripts/lib/sso-session.mts';
import { API_BASE, DEMO_ADMIN, HOST_ORIGIN, OUTBOX_ORIGIN } from './env';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The test bed's own client of the real api (STYLE: e2e specs create the data they need through
 * the api). It signs in through the panel's one login chain (scripts/lib/sso-session.mts), so its
 * session is the one the panel stores, and admin calls carry that app session's access token.
 */
export class SsoApi {
  private admin: Promise<Session> | null = null;

  constructor(private readonly request: APIRequestContext) {}

  /**
   * A browser session as the panel stores it, built through the real login chain
   * (login → available-apps → session/create → session/validate → api/me).
   */
  sessionFor(nik: string = DEMO_ADMIN.nik, password: string = DEMO_ADMIN.password): Promise<Session> {
    return signIn(API_BASE, HOST_ORIGIN, nik, password);
  }

  /** The demo administrator's app-session access token: the bearer of admin calls. */
  async adminToken(): Promise<string> {
    this.admin ??= this.sessionFor();
    return (await this.admin).access_token;
  }

  private async call(method: Method, path: string, body?: unknown, token?: string) {
    const bearer = token ?? (await this.adminToken());
    const response = await this.request.fetch(`${API_BASE}${path}`, {
      method,
      data: body,
      headers: { Authorization: `Bearer ${bearer}` },
    });
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status(), ok: response.ok(), body: json };
  }

  get(path: string, token?: string) {
    return this.call('GET', path, undefined, token);
  }
  post(path: string, body: unknown, token?: string) {
    return this.call('POST', path, body, token);
  }
  patch(path: string, body: unknown, token?: string) {
    return this.call('PATCH', path, body, token);
  }
  delete(path: string, body?: unknown, token?: string) {
    return this.call('DELETE', path, body, token);
  }

  /** Newest OTP sent to a phone for a purpose, from the dev outbox (null until there is one). */
  async latestCode(to: string, purpose: OtpPurpose): Promise<string | null> {
    const response = await this.request.get(
      `${OUTBOX_ORIGIN}${DEV_OUTBOX_PATH}?to=${encodeURIComponent(to)}`,
    );
    const entries = outboxResponseSchema.safeParse(await response.json().catch(() => null));
    if (!entries.success) return null;
    return entries.data.find((e) => e.to === to && e.purpose === purpose)?.code ?? null;
  }
}
