import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API_PREFIX,
  DEV_OUTBOX_PATH,
  apiErrorBodySchema,
  SSO_PANEL_APP_ID,
  companiesResponseSchema,
  createSessionResponseSchema,
  loginResponseSchema,
  outboxResponseSchema,
  paths,
  userListResponseSchema,
  type ApiErrorBody,
  type OtpPurpose,
  type UserListQuery,
} from '@sso/shared/contract';

export const ADMIN = { nik: '100001', password: 'admin123', phone: '081234567890' } as const;

/** Seeded demo accounts (api/README.md): app-1 viewer, app-1 modifiers, no app-1 grant. */
export const VIEWER = { nik: '100002', password: 'password123' } as const;
export const NO_PANEL = { nik: '100003', password: 'password123' } as const;
export const MODIFIER = { nik: '100004', password: 'password123' } as const;
/** The second modifier (role Admin User): adds and edits users, reads roles. */
export const MODIFIER_2 = { nik: '100005', password: 'password123' } as const;

type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface CallOptions {
  token?: string;
  /** JSON body (serialised here). */
  body?: unknown;
  /** Raw body sent as is (malformed JSON, other content types). */
  rawBody?: string;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /**
   * The client address to send from (any of 127.0.0.0/8 on this machine): the api sees another
   * peer, as it would another computer (throttles count per address).
   */
  from?: string;
}

export interface Reply {
  statusCode: number;
  headers: Headers;
  body: string;
  json(): unknown;
}

function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * One real HTTP request to the in-process app (listening on an ephemeral port).
 * Not `app.inject`: light-my-request needs `cookie` 2, an ESM-only package Jest on Node 20 cannot
 * load while the shared preset leaves node_modules untransformed.
 */
export async function callRoot(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)])).toString()}`
    : '';
  if (options.from !== undefined)
    return requestFrom(options.from, `${baseUrl(app)}${url}${query}`, method, headers, body);
  const response = await fetch(`${baseUrl(app)}${url}${query}`, { method, headers, body });
  const text = await response.text();
  return { statusCode: response.status, headers: response.headers, body: text, json: () => JSON.parse(text) };
}

/** `fetch` cannot choose its source address; node:http can (`localAddress`). */
function requestFrom(
  localAddress: string,
  url: string,
  method: Method,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers, localAddress, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const replyHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) replyHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve({
          statusCode: response.statusCode ?? 0,
          headers: replyHeaders,
          body: text,
          json: () => JSON.parse(text),
        });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** One request to a path of spec 7 (under API_PREFIX). */
export const call = (app: FastifyInstance, method: Method, path: string, options: CallOptions = {}) =>
  callRoot(app, method, `${API_PREFIX}${path}`, options);

/** Asserts the status, then parses the body with a contract schema (the api answers the contract). */
export function expectOk<S extends z.ZodType>(reply: Reply, schema: S, status = 200): z.output<S> {
  if (reply.statusCode !== status) {
    throw new Error(`expected ${status}, got ${reply.statusCode}: ${reply.body.slice(0, 500)}`);
  }
  return schema.parse(reply.json());
}

/** Asserts an error status and the envelope shape. */
export function expectError(reply: Reply, status: number): ApiErrorBody {
  if (reply.statusCode !== status) {
    throw new Error(`expected ${status}, got ${reply.statusCode}: ${reply.body.slice(0, 500)}`);
  }
  return apiErrorBodySchema.strict().parse(reply.json());
}

export async function loginWithNik(app: FastifyInstance, nik: string, password: string): Promise<string> {
  const reply = await call(app, 'POST', paths.auth.loginNik, {
    body: { nik, password, url: 'http://localhost:3000' },
  });
  return expectOk(reply, loginResponseSchema).data.token;
}

export const loginAsAdmin = (app: FastifyInstance) => loginWithNik(app, ADMIN.nik, ADMIN.password);

export interface PanelSession {
  /** The bare login token: opens app sessions, nothing else of the admin api. */
  loginToken: string;
  /** The app session's access token: the bearer of every admin call. */
  accessToken: string;
  sessionToken: string;
}

/** Login, then session/create for `appId` (the panel, app 1, by default): the tokens the panel keeps. */
export async function openSession(
  app: FastifyInstance,
  account: { nik: string; password: string },
  appId: number = SSO_PANEL_APP_ID,
): Promise<PanelSession> {
  const loginToken = await loginWithNik(app, account.nik, account.password);
  const reply = await call(app, 'POST', paths.session.create, { token: loginToken, body: { app_id: appId } });
  const { data } = expectOk(reply, createSessionResponseSchema);
  return { loginToken, accessToken: data.access_token, sessionToken: data.session_token };
}

/** The access token of an app-1 session of the demo administrator (owner everywhere). */
export const adminAccessToken = async (app: FastifyInstance) => (await openSession(app, ADMIN)).accessToken;

/** The newest code the outbox holds for a phone (and purpose). */
export async function latestCode(app: FastifyInstance, phone: string, purpose?: OtpPurpose): Promise<string> {
  const reply = await callRoot(app, 'GET', DEV_OUTBOX_PATH, { query: { to: phone } });
  const entry = expectOk(reply, outboxResponseSchema).find((e) => !purpose || e.purpose === purpose);
  if (!entry) throw new Error(`no code in the outbox for ${phone}`);
  return entry.code;
}

/** A code that is surely not `code`. */
export const otherCode = (code: string) => (code === '111111' ? '222222' : '111111');

/** Seed ids vary with the PRNG: read a company's units through the api. */
export async function branchesOf(app: FastifyInstance, token: string, companyId: number): Promise<number[]> {
  const reply = await call(app, 'GET', paths.reference.companies, { token });
  const company = expectOk(reply, companiesResponseSchema).data.data.find((c) => c.id === companyId);
  return company?.cabangs.map((b) => b.id) ?? [];
}

/** GET users/list with typed query values, parsed by the contract's schema. */
export async function listUsers(app: FastifyInstance, token: string, query: UserListQuery = {}) {
  const q = Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return expectOk(await call(app, 'GET', paths.users.list, { token, query: q }), userListResponseSchema);
}

/** The lines of a CSV export (its byte-order mark dropped, no empty last line): the header first. */
export const csvLines = (text: string): string[] =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
