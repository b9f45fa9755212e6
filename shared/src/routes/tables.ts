import { PANEL_ACTIONS, PANEL_MENU } from '@sso/shared/access';
import { defineRoutes } from './define.ts';

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
  list: {
    path: '/user-management',
    requires: PANEL_ACTIONS.listUsers,
    module: './user-list',
    nav: { label: 'User Management', icon: 'users', order: 20, menu: PANEL_MENU.users },
  },
  create: {
    path: '/tambah-user',
    requires: PANEL_ACTIONS.createUser,
    module: './user-create',
    selects: 'list',
  },
  edit: {
    path: '/edit-user/:hashId',
    requires: PANEL_ACTIONS.editUser,
    module: './user-edit',
    selects: 'list',
  },
  /** Impor User (issue 33): CSV import with a checked preview. */
  import: {
    path: '/impor-user',
    requires: PANEL_ACTIONS.importUsers,
    module: './user-import',
    selects: 'list',
  },
});

/** remote-roles: Role Management. */
export const rolesRoutes = defineRoutes({
  list: {
    path: '/role-management',
    requires: PANEL_ACTIONS.listRoles,
    module: './role-list',
    nav: { label: 'Role Management', icon: 'roles', order: 30, menu: PANEL_MENU.roles },
  },
  create: {
    path: '/tambah-role',
    requires: PANEL_ACTIONS.createRole,
    module: './role-create',
    selects: 'list',
  },
  edit: {
    path: '/edit-role/:hashId',
    requires: PANEL_ACTIONS.editRole,
    module: './role-edit',
    selects: 'list',
  },
  /** Peta Akses (issue 32, ADR 0025): who reaches which application and menu, read only. */
  accessMap: {
    path: '/peta-akses',
    requires: PANEL_ACTIONS.viewAccessMap,
    module: './access-map',
    // An icon every deployed host knows (a new name would be refused).
    nav: { label: 'Peta Akses', icon: 'roles', order: 48, menu: PANEL_MENU.accessMap },
  },
});

/** remote-apps: App Management (the host has no page of its own at these paths). */
export const appsRoutes = defineRoutes({
  list: {
    path: '/app-management',
    requires: PANEL_ACTIONS.listApps,
    module: './app-list',
    nav: { label: 'App Management', icon: 'apps', order: 40, menu: PANEL_MENU.apps },
  },
  create: {
    path: '/tambah-aplikasi',
    requires: PANEL_ACTIONS.createApp,
    module: './app-create',
    selects: 'list',
  },
  edit: {
    path: '/edit-aplikasi/:hashId',
    requires: PANEL_ACTIONS.editApp,
    module: './app-edit',
    selects: 'list',
  },
});

/** remote-audit: Log Aktivitas. */
export const auditRoutes = defineRoutes({
  list: {
    path: '/log-aktivitas',
    requires: PANEL_ACTIONS.listAudit,
    module: './audit-log',
    nav: { label: 'Log Aktivitas', icon: 'audit', order: 45, menu: PANEL_MENU.audit },
  },
});
