import type { Role, User } from '@sso/shared/contract';
import {
  appsRoutes,
  auditRoutes,
  authRoutes,
  pathTo,
  rolesRoutes,
  shellRoutes,
  usersRoutes,
} from '@sso/shared/routes';
import { encodeHashId } from './hash-id';

/**
 * The links and redirects of every remote, built from the route tables (`@sso/shared/routes`, the
 * one place a path is written). Edit routes carry the record (see hash-id.ts).
 */
export const appPaths = {
  handoff: shellRoutes.handoff.path,
  home: shellRoutes.home.path,
  settings: shellRoutes.settings.path,
  login: authRoutes.login.path,
  loginByPhone: authRoutes.loginByPhone.path,
  verifyLoginOtp: authRoutes.verifyLoginOtp.path,
  secondProof: authRoutes.secondProof.path,
  twoStep: authRoutes.twoStep.path,
  accountSecurity: authRoutes.accountSecurity.path,
  forgotPassword: authRoutes.forgotPassword.path,
  validateResetOtp: authRoutes.validateResetOtp.path,
  newPassword: authRoutes.newPassword.path,
  users: {
    list: usersRoutes.list.path,
    create: usersRoutes.create.path,
    edit: (user: User) => pathTo(usersRoutes.edit, { hashId: encodeHashId(user) }),
    import: usersRoutes.import.path,
    /** The list filtered to the users an import added (all share its `created_at`). */
    importedFrom: (createdAt: string) =>
      `${usersRoutes.list.path}?created_from=${encodeURIComponent(createdAt)}`,
  },
  roles: {
    list: rolesRoutes.list.path,
    create: rolesRoutes.create.path,
    edit: (role: Role) => pathTo(rolesRoutes.edit, { hashId: encodeHashId(role) }),
    /** Peta Akses (issue 32). */
    accessMap: rolesRoutes.accessMap.path,
  },
  /** App Management: the edit link carries the id and name only; the page reads the rest from the api. */
  apps: {
    list: appsRoutes.list.path,
    create: appsRoutes.create.path,
    edit: (app: { id: number; name: string }) =>
      pathTo(appsRoutes.edit, { hashId: encodeHashId({ id: app.id, name: app.name }) }),
  },
  audit: {
    list: auditRoutes.list.path,
    /** Log Aktivitas filtered on one user, as actor or as target ("Lihat aktivitas"). */
    ofUser: (userId: number) => `${auditRoutes.list.path}?user=${userId}`,
  },
} as const;
