import type { Role, User } from '@sso/shared/contract';
import { encodeHashId } from './hash-id';

/**
 * The routes of spec 2, built in one place for every remote's links and redirects (descriptors
 * declare the same paths as data). Edit routes carry the record (see hash-id.ts).
 */
export const appPaths = {
  handoff: '/',
  home: '/home',
  login: '/login',
  loginByPhone: '/login-by-phone',
  verifyLoginOtp: '/verifikasi-otp',
  /** The second proof of a NIK sign-in from an unknown browser (issue 36). */
  secondProof: '/verifikasi-masuk',
  forgotPassword: '/forgot-password',
  validateResetOtp: '/validate-otp',
  newPassword: '/new-password',
  users: {
    list: '/user-management',
    create: '/tambah-user',
    edit: (user: User) => `/edit-user/${encodeHashId(user)}`,
    /** Impor User (issue 33): CSV import with a checked preview. */
    import: '/impor-user',
    /** The list filtered to the users an import added (all share its `created_at`). */
    importedFrom: (createdAt: string) => `/user-management?created_from=${encodeURIComponent(createdAt)}`,
  },
  roles: {
    list: '/role-management',
    create: '/tambah-role',
    edit: (role: Role) => `/edit-role/${encodeHashId(role)}`,
  },
  /** App Management: the edit link carries the id and name only; the page reads the rest from the api. */
  apps: {
    list: '/app-management',
    create: '/tambah-aplikasi',
    edit: (app: { id: number; name: string }) =>
      `/edit-aplikasi/${encodeHashId({ id: app.id, name: app.name })}`,
  },
  audit: {
    list: '/log-aktivitas',
    /** Log Aktivitas filtered on one user, as actor or as target ("Lihat aktivitas"). */
    ofUser: (userId: number) => `/log-aktivitas?user=${userId}`,
  },
} as const;
