import type {
  AccessMapPersonQuery,
  AccessMapPlaceQuery,
  ApplicationListQuery,
  AuditListQuery,
  RoleListQuery,
  UserListQuery,
} from '@sso/shared/contract';

/**
 * Query-key factories, namespaced per domain: remotes share one QueryClient, so keys must not
 * collide (STYLE "Data"). Every key of the panel is made here, and mutations invalidate through
 * these; a list's key holds the query its request is sent with (typed by the contract). A domain's
 * `queryOptions` factory (key and fetch together) lives in the remote's `api/` module, or below
 * when two remotes read the same data.
 */
export const userKeys = {
  all: () => ['users'] as const,
  lists: () => [...userKeys.all(), 'list'] as const,
  list: (params: UserListQuery) => [...userKeys.lists(), params] as const,
  detail: (id: number) => [...userKeys.all(), 'detail', id] as const,
  employees: (keyword: string) => [...userKeys.all(), 'employees', keyword] as const,
  /** A user's account (status, sessions, sign-in lock), read by an editor of users. */
  account: (id: number) => [...userKeys.all(), 'account', id] as const,
  /** A user's two-step verification factors (names and dates, never a secret), read by an editor. */
  twoStep: (id: number) => [...userKeys.all(), 'two-step', id] as const,
  /** Home's two figures: under `all()`, so a user written anywhere refreshes the card. */
  homeCounts: (since: string) => [...userKeys.all(), 'home-counts', since] as const,
};

export const roleKeys = {
  all: () => ['roles'] as const,
  lists: () => [...roleKeys.all(), 'list'] as const,
  list: (query: RoleListQuery) => [...roleKeys.lists(), query] as const,
  detail: (id: number) => [...roleKeys.all(), 'detail', id] as const,
  options: () => [...roleKeys.all(), 'options'] as const,
};

export const applicationKeys = {
  all: () => ['applications'] as const,
  lists: () => [...applicationKeys.all(), 'list'] as const,
  list: (query: ApplicationListQuery) => [...applicationKeys.lists(), query] as const,
  detail: (id: number) => [...applicationKeys.all(), 'detail', id] as const,
  /** "Aplikasi Anda": per login, so another sign-in in this tab reads its own list. */
  yours: (loginToken: string) => [...applicationKeys.all(), 'yours', loginToken] as const,
};

export const referenceKeys = {
  all: () => ['reference'] as const,
  colors: () => [...referenceKeys.all(), 'colors'] as const,
  applications: () => [...referenceKeys.all(), 'applications'] as const,
  menus: (appsId: number) => [...referenceKeys.all(), 'menus', appsId] as const,
  companies: () => [...referenceKeys.all(), 'companies'] as const,
};

/** The signed-in user's own account (Keamanan Akun). */
export const accountKeys = {
  all: () => ['account'] as const,
  /** Their own two-step verification factors. */
  twoStep: () => [...accountKeys.all(), 'two-step'] as const,
};

/** Log Aktivitas. */
export const auditKeys = {
  all: () => ['audit'] as const,
  list: (query: AuditListQuery) => [...auditKeys.all(), 'list', query] as const,
};

/** Peta Akses (issue 32): its filters, both directions and the people picker. */
export const accessMapKeys = {
  all: () => ['accessMap'] as const,
  options: () => [...accessMapKeys.all(), 'options'] as const,
  place: (query: AccessMapPlaceQuery) => [...accessMapKeys.all(), 'place', query] as const,
  person: (id: number, query: AccessMapPersonQuery) => [...accessMapKeys.all(), 'person', id, query] as const,
  people: (keyword: string) => [...accessMapKeys.all(), 'people', keyword] as const,
};
