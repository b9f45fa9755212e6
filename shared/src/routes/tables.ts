import { PANEL_ACTIONS, PANEL_MENU, type ActionRequirement } from '@sso/shared/access';
import { defineRoutes, type RouteDef } from './define.ts';

/** A page with a sidebar item of its own (a domain's list, Peta Akses). */
const navPage = <const P extends string, const M extends string>(
  path: P,
  requires: ActionRequirement,
  module: M,
  nav: NonNullable<RouteDef['nav']>,
) => ({ path, requires, module, nav });

/** A page opened from the domain's list (create, edit, import): the list's sidebar item stays selected. */
const fromList = <const P extends string, const M extends string>(
  path: P,
  requires: ActionRequirement,
  module: M,
) => ({ path, requires, module, selects: 'list' as const });

/** The host's own pages: Home (any session of the panel) and Settings. The handoff `/` is the host's too. */
export const shellRoutes = defineRoutes({
  handoff: { path: '/', access: 'public-only' },
  home: { path: '/home', nav: { label: 'Home', icon: 'home', order: 10 } },
  settings: {
    path: '/settings',
    requires: { menu: PANEL_MENU.settings, capability: 'view' },
    nav: { label: 'Settings', icon: 'settings', order: 50, menu: PANEL_MENU.settings },
  },
});

/** remote-auth: the sign-in and password-reset pages (spec 2), all for signed-out visitors. */
export const authRoutes = defineRoutes({
  login: { path: '/login', access: 'public-only', module: './login' },
  loginByPhone: { path: '/login-by-phone', access: 'public-only', module: './login-phone' },
  verifyLoginOtp: { path: '/verifikasi-otp', access: 'public-only', module: './verify-login-otp' },
  /** The second proof of a NIK sign-in from an unknown browser (issue 36). */
  secondProof: { path: '/verifikasi-masuk', access: 'public-only', module: './second-proof' },
  /** The second step of a sign-in: an authenticator or recovery code, or a required enrolment (issue 31). */
  twoStep: { path: '/verifikasi-dua-langkah', access: 'public-only', module: './two-step' },
  /** Keamanan Akun: every signed-in user's own two-step verification, whatever their menus (issue 31). */
  accountSecurity: { path: '/keamanan-akun', module: './account-security' },
  forgotPassword: { path: '/forgot-password', access: 'public-only', module: './forgot-password' },
  validateResetOtp: { path: '/validate-otp', access: 'public-only', module: './validate-reset-otp' },
  newPassword: { path: '/new-password', access: 'public-only', module: './new-password' },
});

/** remote-users: User Management. */
export const usersRoutes = defineRoutes({
  list: navPage('/user-management', PANEL_ACTIONS.listUsers, './user-list', {
    label: 'User Management',
    icon: 'users',
    order: 20,
    menu: PANEL_MENU.users,
  }),
  create: fromList('/tambah-user', PANEL_ACTIONS.createUser, './user-create'),
  edit: fromList('/edit-user/:hashId', PANEL_ACTIONS.editUser, './user-edit'),
  /** Impor User (issue 33): CSV import with a checked preview. */
  import: fromList('/impor-user', PANEL_ACTIONS.importUsers, './user-import'),
});

/** remote-roles: Role Management. */
export const rolesRoutes = defineRoutes({
  list: navPage('/role-management', PANEL_ACTIONS.listRoles, './role-list', {
    label: 'Role Management',
    icon: 'roles',
    order: 30,
    menu: PANEL_MENU.roles,
  }),
  create: fromList('/tambah-role', PANEL_ACTIONS.createRole, './role-create'),
  edit: fromList('/edit-role/:hashId', PANEL_ACTIONS.editRole, './role-edit'),
  /** Peta Akses (issue 32, ADR 0025): who reaches which application and menu, read only. */
  accessMap: navPage(
    '/peta-akses',
    PANEL_ACTIONS.viewAccessMap,
    './access-map',
    // An icon every deployed host knows (a new name would be refused).
    { label: 'Peta Akses', icon: 'roles', order: 48, menu: PANEL_MENU.accessMap },
  ),
});

/** remote-apps: App Management (the host has no page of its own at these paths). */
export const appsRoutes = defineRoutes({
  list: navPage('/app-management', PANEL_ACTIONS.listApps, './app-list', {
    label: 'App Management',
    icon: 'apps',
    order: 40,
    menu: PANEL_MENU.apps,
  }),
  create: fromList('/tambah-aplikasi', PANEL_ACTIONS.createApp, './app-create'),
  edit: fromList('/edit-aplikasi/:hashId', PANEL_ACTIONS.editApp, './app-edit'),
});

/** remote-audit: Log Aktivitas. */
export const auditRoutes = defineRoutes({
  list: navPage('/log-aktivitas', PANEL_ACTIONS.listAudit, './audit-log', {
    label: 'Log Aktivitas',
    icon: 'audit',
    order: 45,
    menu: PANEL_MENU.audit,
  }),
});
