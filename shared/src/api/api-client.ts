import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { API_PREFIX } from '@sso/shared/contract';
import { getRuntimeConfig } from '@sso/shared/federation';
import { bearerOf } from '@sso/shared/session';
import { clearSession, noteSessionEnded, readSession } from '@sso/shared/session';
import { ApiError, toApiError } from './api-error';

let instance: AxiosInstance | null = null;

/**
 * Sets the api origin at run time (from the host's /config.json): nothing environment-specific is
 * baked into a build. Called once by the host (and by a remote's standalone dev shell).
 */
export function configureApi(origin: string): void {
  instance = createClient(`${origin.replace(/\/+$/, '')}${API_PREFIX}`);
}

function createClient(baseURL: string): AxiosInstance {
  // Spec 9: "Request timeout: none". POST default content type is JSON.
  const client = axios.create({ baseURL, headers: { 'Content-Type': 'application/json' } });
  client.interceptors.request.use(
    (config) => {
      // An expired session reads as none (the session store owns expiry and tells the guards).
      const session = readSession();
      if (session && !config.headers.has('Authorization')) {
        config.headers.set('Authorization', `Bearer ${bearerOf(session)}`);
      }
      return config;
    },
    undefined,
    // It reads local storage only: axios then sends the request within the call instead of a few
    // promise turns later, after whatever else the caller's event does (a list page's change also
    // navigates the router; ADR 0006, third round).
    { synchronous: true },
  );
  client.interceptors.response.use(undefined, (error: unknown) => {
    const apiError = toApiError(error);
    // A rejected bearer means the session is over, wherever it came from; when the api says why
    // (ended by an administrator, deactivated, role changed), the login screen will say it too.
    if (apiError.status === 401 && readSession()) {
      if (apiError.body?.reason) noteSessionEnded(apiError.message);
      clearSession();
    }
    return Promise.reject(apiError);
  });
  return client;
}

function client(): AxiosInstance {
  // Not configured by hand (tests, the dev shell): the origin of the host's runtime config.
  const origin = getRuntimeConfig()?.apiBaseUrl;
  if (!instance && origin) configureApi(origin);
  if (!instance) throw new ApiError('network', 'Api belum dikonfigurasi (configureApi).');
  return instance;
}

/** In-flight list requests by path: a newer identical list request cancels the earlier one. */
const inFlight = new Map<string, AbortController>();

/**
 * What a call parses its answer with: a contract schema (zod). Only `safeParse` is called.
 */
export interface ResponseParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions {
  params?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Cancel an earlier request to the same path still in flight (spec 7, lists). */
  cancelPrevious?: boolean;
  /** Bearer to use instead of the stored session's (the login chain, before a session exists). */
  token?: string;
  /**
   * Send and accept cookies across origins: only the sign-in calls, whose device cookie (HttpOnly,
   * set by the api) keeps this browser's own guessing budget (issue 36).
   */
  withCredentials?: boolean;
  /** Content type of a body sent as it is (a file: `text/csv`); JSON by default. */
  contentType?: string;
  /** Called as the body is sent, with the share sent so far (0 to 1): a progress bar for large files. */
  onUploadProgress?: (fraction: number) => void;
}

async function send<T>(
  schema: ResponseParser<T>,
  config: AxiosRequestConfig,
  options: RequestOptions = {},
): Promise<T> {
  const url = config.url ?? '';
  let controller: AbortController | undefined;
  if (options.cancelPrevious) {
    inFlight.get(url)?.abort();
    controller = new AbortController();
    inFlight.set(url, controller);
    options.signal?.addEventListener('abort', () => controller?.abort(), { once: true });
  }
  try {
    const response = await client().request<unknown>({
      ...config,
      params: options.params,
      signal: controller?.signal ?? options.signal,
      headers: {
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...(options.contentType ? { 'Content-Type': options.contentType } : {}),
      },
      ...(options.withCredentials ? { withCredentials: true } : {}),
      onUploadProgress: options.onUploadProgress
        ? (event) => options.onUploadProgress?.(event.total ? event.loaded / event.total : 0)
        : undefined,
    });
    const parsed = schema.safeParse(response.data);
    if (!parsed.success) {
      throw new ApiError('invalid-response', 'Data dari server tidak dikenali', response.status);
    }
    return parsed.data;
  } catch (error) {
    throw toApiError(error);
  } finally {
    if (controller && inFlight.get(url) === controller) inFlight.delete(url);
  }
}

/** Typed calls: every response is parsed with its contract schema (STYLE "Validate at the boundary"). */
export const api = {
  get: <T>(url: string, schema: ResponseParser<T>, options?: RequestOptions) =>
    send(schema, { method: 'GET', url }, options),
  post: <T>(url: string, body: unknown, schema: ResponseParser<T>, options?: RequestOptions) =>
    send(schema, { method: 'POST', url, data: body }, options),
  patch: <T>(url: string, body: unknown, schema: ResponseParser<T>, options?: RequestOptions) =>
    send(schema, { method: 'PATCH', url, data: body }, options),
  delete: <T>(url: string, schema: ResponseParser<T>, body?: unknown, options?: RequestOptions) =>
    send(schema, { method: 'DELETE', url, data: body }, options),
};
