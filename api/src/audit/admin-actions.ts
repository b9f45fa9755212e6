import type { AdminRoute } from '../access/route-access';
import { auditTargetOf } from './audit-targets';
import './describers';

type AdminKind = 'create' | 'update' | 'delete';
const KIND: Readonly<Record<string, AdminKind>> = {
  POST: 'create',
  PATCH: 'update',
  PUT: 'update',
  DELETE: 'delete',
};

export const kindOf = (method: string): AdminKind | undefined => KIND[method];

/** What a request of a route names: its path parameters and parsed body. */
export interface AdminRequestShape {
  params: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

/**
 * Admin writes that are not a plain create, update or delete of their record: each is its own
 * action (its own sentence and its own choice of "Jenis aktivitas"), by what the request asks.
 * `variants` lists every action a route can record (the route-table test reads them all).
 */
const SPECIAL: Readonly<
  Record<string, { variants: readonly string[]; of(request: AdminRequestShape): string }>
> = {
  // Deactivation and reactivation read differently (and are filtered apart).
  changeUserStatus: {
    variants: ['user.deactivate', 'user.activate'],
    of: ({ body }) => (body?.is_active === true ? 'user.activate' : 'user.deactivate'),
  },
  endUserSessions: {
    variants: ['user.sessions_end', 'user.session_end'],
    of: ({ params }) => (params.sessionId === undefined ? 'user.sessions_end' : 'user.session_end'),
  },
  unlockUser: { variants: ['user.unlock'], of: () => 'user.unlock' },
  resetUserTwoStep: { variants: ['user.two_step_reset'], of: () => 'user.two_step_reset' },
  uploadAppLogo: { variants: ['application.logo'], of: () => 'application.logo' },
  // A new secret for an application's SSO client: the application is its target, the secret never shows.
  regenerateAppSecret: { variants: ['application.secret'], of: () => 'application.secret' },
  // The import as a whole (each user it adds or updates has an event of its own).
  importUsers: { variants: ['user.import'], of: () => 'user.import' },
  checkUserImport: { variants: ['user.import_check'], of: () => 'user.import_check' },
};

/** The action an admin write records: `<target type>.<create|update|delete>` or a special one above. */
export function auditActionOf(row: AdminRoute, request: AdminRequestShape): string {
  const special = SPECIAL[row.action];
  if (special) return special.of(request);
  const target = auditTargetOf(row.action);
  const kind = kindOf(row.method);
  return target && kind ? `${target.type}.${kind}` : row.action;
}

/** Every action a route can record. */
export function auditActionsOf(row: AdminRoute): readonly string[] {
  const special = SPECIAL[row.action];
  if (special) return special.variants;
  return [auditActionOf(row, { params: {}, body: undefined })];
}
