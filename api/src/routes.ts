import { accessMapRoutes } from './access/access-map-routes';
import { applicationRoutes } from './applications/application-routes';
import { adminWriteOf, auditActionsOf } from './audit/admin-actions';
import { auditRoutes } from './audit/audit-routes';
import type { SignInStep } from './audit/sign-in-steps';
import { forgotPasswordRoutes } from './auth/forgot-password-routes';
import { loginRoutes } from './auth/login-routes';
import { sessionRoutes } from './auth/session-routes';
import { passkeyLoginRoutes } from './auth/two-step/passkey-login-routes';
import { twoStepRoutes } from './auth/two-step/two-step-routes';
import type { AdminAccess, Method, Route, RouteTable } from './http/route';
import { referenceRoutes } from './reference/reference-routes';
import { roleRoutes } from './roles/role-routes';
import { userRoutes } from './users/user-routes';

/*
 * Every route table of the api under its prefix, and the tables read off their declarations: the
 * admin access table, the actions each admin write can record and the sign-in steps Log Aktivitas
 * records (the audit hooks read a route's describer from its declaration). To add a route, declare
 * it in its domain's table (docs/development.md "How to add an api route"); nothing here changes.
 */

/** Sign-in steps and session routes: public, or a bearer of their own (each route says which). */
export const SIGN_IN_TABLES: readonly RouteTable[] = [
  loginRoutes,
  forgotPasswordRoutes,
  twoStepRoutes,
  passkeyLoginRoutes,
  sessionRoutes,
];

/** The admin scope (DESIGN "Access control"): every route an admin action. */
export const ADMIN_TABLES: readonly RouteTable[] = [
  userRoutes,
  roleRoutes,
  referenceRoutes,
  applicationRoutes,
  auditRoutes,
  accessMapRoutes,
];

/** One row of the admin access table: a route and the app-1 menu and capability it needs. */
export interface AdminRoute {
  readonly method: Method;
  /** Path under the api prefix as registered (`:id` for the id segment). */
  readonly path: string;
  readonly action: AdminAccess['action'];
  readonly requires: AdminAccess['requires'];
  readonly route: Route<unknown>;
}

const adminRow = (route: Route<unknown>): AdminRoute[] =>
  route.access.kind === 'admin'
    ? [
        {
          method: route.method,
          path: route.path,
          action: route.access.action,
          requires: route.access.requires,
          route,
        },
      ]
    : [];

/** THE table of admin routes, derived from their declarations. */
export const ADMIN_ROUTES: readonly AdminRoute[] = ADMIN_TABLES.flatMap((table) =>
  table.routes.flatMap(adminRow),
);

const byKey = new Map(ADMIN_ROUTES.map((row) => [`${row.method} ${row.path}`, row]));

/** The row of a method and path (relative to the api prefix); HEAD is answered as GET. */
export function adminRouteFor(method: string, path: string): AdminRoute | undefined {
  return byKey.get(`${method === 'HEAD' ? 'GET' : method} ${path}`);
}

/** Every action an admin write records, by route ("METHOD path"). */
export const ADMIN_AUDIT_ACTIONS: ReadonlyMap<string, readonly string[]> = new Map(
  ADMIN_ROUTES.flatMap((row) => {
    const write = adminWriteOf(row.route);
    return write ? [[`${row.method} ${row.path}`, auditActionsOf(write)] as const] : [];
  }),
);

/** The sign-in steps recorded, by route path (derived from the routes that declare one). */
export const SIGN_IN: ReadonlyMap<string, SignInStep> = new Map(
  SIGN_IN_TABLES.flatMap((table) =>
    table.routes.flatMap((route) =>
      route.audit?.kind === 'signIn' ? [[route.path, route.audit.step] as const] : [],
    ),
  ),
);
