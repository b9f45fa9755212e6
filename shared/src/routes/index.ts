/**
 * `@sso/shared/routes`: one typed route table per domain (issue 29, ADR 0027). Imports only the
 * access model, so the first screen and the builds' configs may read it.
 */
export {
  defineRoutes,
  describeRoutes,
  navItemsOf,
  pathTo,
  remoteRoutesOf,
  type RouteDef,
  type RouteTable,
} from './define.ts';
export { appsRoutes, auditRoutes, authRoutes, rolesRoutes, shellRoutes, usersRoutes } from './tables.ts';
