import type { APIRequestContext } from '@playwright/test';
import { API_BASE, API_ORIGIN, DEMO_ADMIN, HOST_ORIGIN } from './env';

interface Json {
  [key: string]: unknown;
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(value: unknown, key: string): unknown {
  return isJson(value) ? value[key] : undefined;
}

/**
 * The test bed's own client of the real api (STYLE: e2e specs create the data they need through
 * the api). Independent of the panel's code on purpose.
 */
export class SsoApi {
  private token: string | null = null;

  constructor(private readonly request: APIRequestContext) {}

  async login(
    nik: string = DEMO_ADMIN.nik,
    password: string = DEMO_ADMIN.password,
  ): Promise<{ token: string; appsId: unknown }> {
    const response = await this.request.post(`${API_BASE}/auth/login/nik`, {
      data: { nik, password, url: HOST_ORIGIN },
    });
    const body: unknown = await response.json();
    if (!response.ok()) throw new Error(`login ${nik} failed: ${response.status()} ${JSON.stringify(body)}`);
    const data = field(body, 'data');
    const token = field(data, 'token');
    if (typeof token !== 'string') throw new Error('login gave no token');
    return { token, appsId: field(data, 'apps_id') };
  }

  /** The demo admin's app-session access token: admin routes refuse a bare login token. */
  async adminToken(): Promise<string> {
    if (this.token === null) {
      const accessToken = (await this.sessionFor()).access_token;
      if (typeof accessToken !== 'string') throw new Error('session/create gave no access token');
      this.token = accessToken;
    }
    return this.token;
  }

  private async call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    token?: string,
  ) {
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

  /**
   * A browser session as the panel stores it, built through the real login chain
   * (login → available-apps → session/create → session/validate → api/me).
   */
  async sessionFor(nik: string = DEMO_ADMIN.nik, password: string = DEMO_ADMIN.password): Promise<Json> {
    const { token, appsId } = await this.login(nik, password);
    const apps = await this.get('/session/available-apps', token);
    const list = field(apps.body, 'data');
    const app = Array.isArray(list) ? list.find((a) => String(field(a, 'id')) === String(appsId)) : undefined;
    if (!app) throw new Error('no matching app in available-apps');
    const created = await this.post('/session/create', { app_id: field(app, 'id') }, token);
    const tokens = field(created.body, 'data');
    await this.post('/session/validate', { session_token: field(tokens, 'session_token') }, token);
    const me = await this.get('/api/me', token);
    const meData = field(me.body, 'data');
    const user = field(meData, 'user');
    const roles = field(meData, 'roles');
    const role = Array.isArray(roles) ? roles[0] : undefined;
    return {
      id: field(user, 'id'),
      nik: field(user, 'nik'),
      phone: field(user, 'phone'),
      email: field(user, 'email'),
      name: field(user, 'name'),
      role_id: field(role, 'id'),
      role_name: field(role, 'name'),
      app_id: field(app, 'id'),
      app_name: field(app, 'name'),
      token,
      expires_at: field(tokens, 'expires_at'),
      access_token: field(tokens, 'access_token'),
      session_token: field(tokens, 'session_token'),
      refresh_token: field(tokens, 'refresh_token'),
      user_menu: field(meData, 'user_menu') ?? [],
      user_unit: field(meData, 'user_unit') ?? [],
      user,
    };
  }

  /** Newest OTP sent to a phone for a purpose ('login' | 'reset'), from the dev outbox. */
  async latestCode(to: string, purpose: 'login' | 'reset'): Promise<string | null> {
    const response = await this.request.get(`${API_ORIGIN}/__dev/outbox?to=${encodeURIComponent(to)}`);
    const entries: unknown = await response.json();
    if (!Array.isArray(entries)) return null;
    const entry = entries.find((e) => field(e, 'to') === to && field(e, 'purpose') === purpose);
    const code = field(entry, 'code');
    return typeof code === 'string' ? code : null;
  }
}
