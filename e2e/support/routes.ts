import { appPaths } from '@sso/shared/federation';
import { appsRoutes, pathTo, rolesRoutes, usersRoutes } from '@sso/shared/routes';

/**
 * The spec's routes (section 2), for navigation in specs: derived from the route tables
 * (`@sso/shared/routes`, through `appPaths`), no string literals in tests. Edit routes take a raw
 * hashId here, so specs can also send bad ones.
 */
export const routes = {
  handoff: appPaths.handoff,
  login: appPaths.login,
  loginByPhone: appPaths.loginByPhone,
  verifyLoginOtp: appPaths.verifyLoginOtp,
  secondProof: appPaths.secondProof,
  twoStep: appPaths.twoStep,
  accountSecurity: appPaths.accountSecurity,
  forgotPassword: appPaths.forgotPassword,
  validateResetOtp: appPaths.validateResetOtp,
  newPassword: appPaths.newPassword,
  home: appPaths.home,
  userManagement: appPaths.users.list,
  addUser: appPaths.users.create,
  importUsers: appPaths.users.import,
  editUser: (hashId: string) => pathTo(usersRoutes.edit, { hashId }),
  roleManagement: appPaths.roles.list,
  addRole: appPaths.roles.create,
  editRole: (hashId: string) => pathTo(rolesRoutes.edit, { hashId }),
  accessMap: appPaths.roles.accessMap,
  appManagement: appPaths.apps.list,
  addApp: appPaths.apps.create,
  editApp: (hashId: string) => pathTo(appsRoutes.edit, { hashId }),
  settings: appPaths.settings,
  auditLog: appPaths.audit.list,
} as const;

/** Every protected route without a parameter (the shell's guards and the phone-width checks walk them). */
export const protectedRoutes = [
  routes.home,
  routes.userManagement,
  routes.addUser,
  routes.importUsers,
  routes.roleManagement,
  routes.addRole,
  routes.appManagement,
  routes.settings,
] as const;

/** Every public-only route (a signed-in visit goes to /home). */
export const publicOnlyRoutes = [
  routes.login,
  routes.loginByPhone,
  routes.verifyLoginOtp,
  routes.forgotPassword,
  routes.validateResetOtp,
  routes.newPassword,
] as const;
