// The unit tests' one fake server (issue 29, ADR 0027): the api client's real requests (axios,
// XHR in jsdom) answered by MSW handlers, instead of `jest.mock` of endpoint modules. A request no
// handler answers fails the test (`onUnhandledRequest: 'error'`), where a forgotten module mock
// used to return `undefined`. Test files using it run in `jest-fixed-jsdom` (Node's fetch
// globals, which MSW needs): put `/** @jest-environment jest-fixed-jsdom */` first in the file.
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { ACCESS_LEVEL, SSO_PANEL_APP_ID } from '@sso/shared/access';
import { configureApi } from '@sso/shared/api';
import { API_PREFIX, paths, type MeData, type RoleOption, type SessionTokens } from '@sso/shared/contract';
import { panelMenus } from '@sso/shared/testing';

/**
 * The api origin the tests' client talks to: the page's own (jsdom's `http://localhost`), so the
 * requests are same-origin and jsdom asks no CORS preflight.
 */
export const fakeApiOrigin = () => window.location.origin;

/** A full URL of the fake api for a contract path (`paths.users.list`). */
export const apiUrl = (path: string) => `${fakeApiOrigin()}${API_PREFIX}${path}`;

export const fakeServer = setupServer();

/**
 * Starts the fake server for this test file with `scenarios` as its default answers; each test may
 * add its own with `fakeServer.use(...)` (reset after it). Returns the requests it answered, for
 * assertions on what the page asked (`requests.at(-1)?.url`).
 */
export function startFakeServer(...scenarios: RequestHandler[]): { requests: Request[] } {
  const seen: { requests: Request[] } = { requests: [] };
  // A clone: the handler reads the body of the request itself, the test reads the copy's.
  const record = ({ request }: { request: Request }) => {
    seen.requests.push(request.clone());
  };
  beforeAll(() => {
    configureApi(fakeApiOrigin());
    fakeServer.events.on('request:start', record);
    fakeServer.listen({ onUnhandledRequest: 'error' });
  });
  beforeEach(() => {
    seen.requests.length = 0;
    fakeServer.resetHandlers(...scenarios);
  });
  afterEach(() => fakeServer.resetHandlers());
  afterAll(() => {
    fakeServer.events.removeAllListeners();
    fakeServer.close();
  });
  return seen;
}

/** The api's list envelope (`listEnvelope` of the contract). */
export const listAnswer = <T>(rows: readonly T[], total = rows.length) =>
  HttpResponse.json({ data: rows, meta: { total } });

/** The api's refusal: its Indonesian message with a status, and its messages per field if any. */
export const failure = (status: number, message: string, errors?: Record<string, string>) =>
  HttpResponse.json({ message, status, ...(errors ? { errors } : {}) }, { status });

/** The query of the last request to `path` the fake server saw, as its search parameters. */
export function lastQueryTo(requests: readonly Request[], path: string): Record<string, string> | undefined {
  const request = requests.filter((r) => new URL(r.url).pathname.endsWith(path)).at(-1);
  return request ? Object.fromEntries(new URL(request.url).searchParams) : undefined;
}

/** The requests to `path` (a contract path) with `method`, in the order the fake server saw them. */
export const requestsTo = (requests: readonly Request[], method: string, path: string) =>
  requests.filter((r) => r.method === method && new URL(r.url).pathname.endsWith(path));

/** The JSON bodies sent to `path` with `method`, in order (what a form or a menu action wrote). */
export const bodiesSentTo = (
  requests: readonly Request[],
  method: string,
  path: string,
): Promise<unknown[]> => Promise.all(requestsTo(requests, method, path).map((r) => r.clone().json()));

/** The api's answer `{ message, data }` (`envelope` of the contract). */
export const answer = <T>(data: T, message = 'OK') => HttpResponse.json({ message, data });

/** A refusal of the api in a list of answers (`inTurn`): its status and Indonesian message. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly errors?: Record<string, string>,
  ) {}
}
export const refused = (status: number, message: string, errors?: Record<string, string>) =>
  new Refusal(status, message, errors);
/** No answer at all in a list of answers (`inTurn`): the network failed (the client's "network" error). */
export const networkDown = () => new Refusal(0, '');

/**
 * A handler's answers in turn, the last one from then on: a body (sent in the api's envelope with
 * `message`) or a `refused(status, message)`.
 */
export function inTurn<T>(answers: readonly (T | Refusal)[], message = 'OK') {
  let call = 0;
  return () => {
    const next = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (!(next instanceof Refusal)) return answer(next, message);
    return next.status === 0 ? HttpResponse.error() : failure(next.status, next.message, next.errors);
  };
}

/**
 * The answers of a domain's record api (list, detail, save, delete), the part its scenarios share:
 * `domain` is its group of the contract's paths (`paths.roles`), `messages` the api's success texts.
 */
export function recordScenarios<Row, Detail>(
  domain: {
    list: string;
    detail: (id: string) => string;
    update: (id: string) => string;
    remove: (id: string) => string;
  },
  messages: { detail: string; saved: string; deleted: string },
) {
  const paths = {
    list: domain.list,
    detail: domain.detail(':id'),
    update: domain.update(':id'),
    remove: domain.remove(':id'),
  };
  return {
    /** GET list answers these rows (every page, whatever the query). */
    list: (rows: readonly Row[], total = rows.length) =>
      http.get(apiUrl(paths.list), () => listAnswer(rows, total)),
    /** GET list fails with the api's message. */
    listFails: (status = 500, message = 'Server sedang bermasalah') =>
      http.get(apiUrl(paths.list), () => failure(status, message)),
    /** GET detail/{id} answers these in turn (the last one from then on): the edit page's record. */
    detail: (...answers: readonly (Detail | Refusal)[]) =>
      http.get(apiUrl(paths.detail), inTurn(answers, messages.detail)),
    /** PATCH update/{id} answers these in turn: the saved record, or a refusal (409 on a stale version). */
    saves: (...answers: readonly (Detail | Refusal)[]) =>
      http.patch(apiUrl(paths.update), inTurn(answers, messages.saved)),
    /** DELETE {id} deletes it with the api's message. */
    deleted: (message = messages.deleted) =>
      http.delete(apiUrl(paths.remove), ({ params }) =>
        // `…/bulk` matches `…/:id` too: leave it to the bulk scenario.
        params.id === 'bulk' ? undefined : answer({ ids: [Number(params.id)], deleted: 1 }, message),
      ),
    /** DELETE {id} is refused with the api's message. */
    deleteFails: (status: number, message: string) =>
      http.delete(apiUrl(paths.remove), () => failure(status, message)),
  };
}

/** A CSV answer (an export or a template), as the api sends it. */
export const csvAnswer = (csv: string) =>
  new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });

/**
 * Catches the files a page saves (a link's click with `download`) instead of jsdom's navigation:
 * the names it saved, in order. Restored after the test.
 */
export function captureDownloads(): string[] {
  const saved: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  afterEachOnce(() => click.mockRestore());
  return saved;
}

const cleanups: (() => void)[] = [];
function afterEachOnce(cleanup: () => void) {
  cleanups.push(cleanup);
}
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * GET role/all: the role options two remotes read through `@sso/shared/query` (the users' role
 * filter and form, the role editor's own administration scope).
 */
export const roleOptionsAnswer = (options: readonly RoleOption[]) =>
  http.get(apiUrl(paths.roles.all), () => answer(options));

/** The profile of GET api/me: a Viewer with `user_menu` as its grants (`panelGrants(level)`). */
export function createMeData(overrides: Partial<MeData> = {}): MeData {
  return {
    user: {
      id: 1,
      nik: '100002',
      name: 'Tester',
      phone: '081200000002',
      email: 'tester@sso.local',
      is_active: true,
      created_at: '2026-01-05T08:00:00.000Z',
      updated_at: '2026-01-05T08:00:00.000Z',
      client_group: null,
    },
    roles: [{ id: 3, name: 'Viewer', position: 3 }],
    user_menu: [],
    user_unit: [],
    ...overrides,
  };
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** Answers of the session api the shared login chain talks to (`@sso/shared/api`). */
export const sessionScenarios = {
  /** GET api/me answers this profile. */
  me: (data: MeData) => http.get(apiUrl(paths.session.me), () => answer(data)),
  /** GET api/me fails (the network, or a refusal with `status`). */
  meFails: (status = 0) =>
    http.get(apiUrl(paths.session.me), () =>
      status === 0 ? HttpResponse.error() : failure(status, 'Sesi tidak valid'),
    ),
  /**
   * A session of application `appId` opens: POST session/create answers `tokens`,
   * session/validate accepts it, and api/me answers `me`.
   */
  opens: (appId: number, tokens: Omit<SessionTokens, 'expires_at'>, me: MeData = createMeData()) => [
    http.post(apiUrl(paths.session.create), () => answer({ ...tokens, expires_at: inAnHour() })),
    sessionScenarios.validates(appId),
    sessionScenarios.me(me),
  ],
  /** POST session/validate accepts the session as one of application `appId`. */
  validates: (appId: number) =>
    http.post(apiUrl(paths.session.validate), () =>
      answer({ valid: true as const, app_id: appId, expires_at: inAnHour() }),
    ),
  /** POST session/validate refuses the session (401). */
  validateFails: (message = 'Sesi tidak valid') =>
    http.post(apiUrl(paths.session.validate), () => failure(401, message)),
  /** POST logout/app ends the login with the api's message. */
  loggedOut: (message = 'Logout berhasil') =>
    http.post(apiUrl(paths.session.logout), () => answer({ message }, message)),
  /**
   * A sign-in completes: `path` (a sign-in step of `paths.auth`) answers the login token for the
   * panel, then the chain opens the panel's session (available-apps, session/create, validate, api/me).
   */
  signsIn: (path: string, me?: MeData) => [
    http.post(apiUrl(path), () =>
      answer({ token: 'test-login-token', apps_id: SSO_PANEL_APP_ID }, 'Login successfully'),
    ),
    ...sessionScenarios.panelChain(me),
  ],
  /**
   * The panel's login chain with a login token: available-apps (this panel), session/create,
   * validate and api/me (a viewer of every panel menu by default).
   */
  panelChain: (me: MeData = createMeData({ user_menu: panelMenus(ACCESS_LEVEL.viewer) })) => [
    http.get(apiUrl(paths.session.availableApps), () =>
      answer([
        {
          id: SSO_PANEL_APP_ID,
          name: 'SSO Admin Panel',
          url: 'http://localhost:3000',
          logo_url: 'http://localhost:4000/static/logos/app-1.svg',
        },
      ]),
    ),
    ...sessionScenarios.opens(
      SSO_PANEL_APP_ID,
      {
        access_token: 'test-access-token',
        session_token: 'test-session-token',
        refresh_token: 'test-refresh-token',
      },
      me,
    ),
  ],
  /**
   * A sign-in step `path` refuses once with the api's message and its messages per field; the next
   * attempt goes on to the step's other answer (`signsIn`).
   */
  signInFails: (path: string, status: number, message: string, errors?: Record<string, string>) =>
    http.post(apiUrl(path), () => failure(status, message, errors), { once: true }),
  /** POST session/create is refused with the api's message (a role that does not grant the app: 403). */
  openFails: (status: number, message: string) =>
    http.post(apiUrl(paths.session.create), () => failure(status, message)),
};

export { http, HttpResponse };
