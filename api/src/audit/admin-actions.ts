import type { AdminAccess, AdminAudit, Method, Route } from '../http/route';
import type { AdminRequestShape } from './audit-targets';

type AdminKind = 'create' | 'update' | 'delete';
const KIND: Readonly<Record<string, AdminKind>> = {
  POST: 'create',
  PATCH: 'update',
  PUT: 'update',
  DELETE: 'delete',
};

export const kindOf = (method: string): AdminKind | undefined => KIND[method];

/** An admin write as the audit reads it off its declaration. */
export interface AdminWrite {
  readonly method: Method;
  readonly access: AdminAccess;
  readonly audit: AdminAudit;
}

/** The admin write a declared route is, or undefined (reads, sign-in steps, other routes). */
export function adminWriteOf(route: Route<unknown> | undefined): AdminWrite | undefined {
  if (!route || route.method === 'GET' || route.access.kind !== 'admin') return undefined;
  if (route.audit?.kind !== 'admin') return undefined;
  return { method: route.method, access: route.access, audit: route.audit };
}

/**
 * The action an admin write records: its declared action (admin writes that are not a plain create,
 * update or delete of their record: each its own sentence and its own choice of "Jenis aktivitas"),
 * else `<target type>.<create|update|delete>`, else the access action's name.
 */
export function auditActionOf(write: AdminWrite, request: AdminRequestShape): string {
  const special = write.audit.action;
  if (typeof special === 'string') return special;
  if (special) return special.of(request);
  const target = write.audit.target;
  const kind = kindOf(write.method);
  return target && kind ? `${target.type}.${kind}` : write.access.action;
}

/** Every action a route can record (the route-table test reads them all). */
export function auditActionsOf(write: AdminWrite): readonly string[] {
  const special = write.audit.action;
  if (special !== undefined && typeof special !== 'string') return special.variants;
  return [auditActionOf(write, { params: {}, body: undefined })];
}
