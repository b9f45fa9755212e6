/** The spec's routes (section 2), for navigation in specs: one place, no string literals in tests. */
export const routes = {
  handoff: '/',
  login: '/login',
  loginByPhone: '/login-by-phone',
  verifyLoginOtp: '/verifikasi-otp',
  forgotPassword: '/forgot-password',
  validateResetOtp: '/validate-otp',
  newPassword: '/new-password',
  home: '/home',
  userManagement: '/user-management',
  addUser: '/tambah-user',
  editUser: (hashId: string) => `/edit-user/${hashId}`,
  roleManagement: '/role-management',
  addRole: '/tambah-role',
  editRole: (hashId: string) => `/edit-role/${hashId}`,
  appManagement: '/app-management',
  settings: '/settings',
} as const;
