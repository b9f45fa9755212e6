/**
 * Endpoint paths of spec section 7, relative to the api base (`<api origin>/api/v1/sso`).
 * The api registers exactly these; the panel calls exactly these.
 */
export const API_PREFIX = '/api/v1/sso';

export const paths = {
  auth: {
    loginNik: '/auth/login/nik',
    loginPhone: '/auth/login/phone',
    requestOtp: '/auth/request-otp',
    /** Ours (issue 36): the code of a second proof asked by auth/login/nik. */
    loginSecondProof: '/auth/login/second-proof',
  },
  session: {
    availableApps: '/session/available-apps',
    create: '/session/create',
    validate: '/session/validate',
    me: '/api/me',
    logout: '/logout/app',
  },
  forgotPassword: {
    start: '/forgot-password',
    requestOtp: '/forgot-password/request-otp',
    resendOtp: '/forgot-password/resend-otp',
    verifyOtp: '/forgot-password/verify-otp',
    reset: '/forgot-password/reset',
  },
  roles: {
    list: '/api/v1/ap/role/list',
    /** "A variant listing all roles for selects exists; its path is not shown" (spec 7): ours. */
    all: '/api/v1/ap/role/all',
    create: '/api/v1/ap/role/create',
    /** One role with its version, for the edit page (not in spec 7: the link carries only its id). */
    detail: (id: number | string) => `/api/v1/ap/role/detail/${id}`,
    update: (id: number | string) => `/api/v1/ap/role/update/${id}`,
    remove: (id: number | string) => `/api/v1/ap/role/delete/${id}`,
    bulkRemove: '/api/v1/ap/role/delete/bulk',
  },
  users: {
    list: '/api/v1/ap/users/list',
    create: '/api/v1/ap/users',
    /** One user with its version, for the edit page (not in spec 7: the link carries only its id). */
    detail: (id: number | string) => `/api/v1/ap/users/${id}`,
    update: (id: number | string) => `/api/v1/ap/users/${id}`,
    remove: (id: number | string) => `/api/v1/ap/users/${id}`,
    bulkRemove: '/api/v1/ap/users/bulk',
    // Account lifecycle (ours, beside spec 7): status, sessions, sign-in lock.
    account: (id: number | string) => `/api/v1/ap/users/${id}/account`,
    status: (id: number | string) => `/api/v1/ap/users/${id}/status`,
    bulkStatus: '/api/v1/ap/users/bulk/status',
    sessions: (id: number | string) => `/api/v1/ap/users/${id}/sessions`,
    session: (id: number | string, sessionId: number | string) =>
      `/api/v1/ap/users/${id}/sessions/${sessionId}`,
    lock: (id: number | string) => `/api/v1/ap/users/${id}/lock`,
  },
  /** App Management (ours, beside spec 7): applications with their menu trees, and logo uploads. */
  applications: {
    list: '/api/v1/ap/applications/list',
    create: '/api/v1/ap/applications/create',
    detail: (id: number | string) => `/api/v1/ap/applications/detail/${id}`,
    update: (id: number | string) => `/api/v1/ap/applications/update/${id}`,
    remove: (id: number | string) => `/api/v1/ap/applications/delete/${id}`,
    logo: '/api/v1/ap/applications/logo',
    /** "Buat ulang secret": a new secret for the application's confidential client (issue 30). */
    regenerateSecret: (id: number | string) => `/api/v1/ap/applications/sso-secret/${id}`,
  },
  reference: {
    colors: '/api/v1/ap/colors',
    menuWithChild: '/api/v1/ap/menu/with-child',
    applications: '/api/v1/ap/applications',
    employeeSearch: '/api/v1/ap/user-temporary/search',
    companies: '/company/companies-with-branches',
  },
} as const;

/** Development outbox of sent OTP codes, at the api origin (NOT under API_PREFIX); absent in production. */
export const DEV_OUTBOX_PATH = '/__dev/outbox';

/** Liveness probe at the api origin: the process answers. */
export const HEALTH_PATH = '/health';

/** Readiness probe at the api origin: the database is open and migrated (503 otherwise, and while stopping). */
export const READY_PATH = '/ready';

/** Generated SVG logos served by the api itself (logo_url values point here). */
export const LOGO_PATH_PREFIX = '/static/logos';
