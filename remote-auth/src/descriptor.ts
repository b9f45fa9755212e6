import type { RemoteDescriptor } from '@sso/shared/federation';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"). Read by the build into
 * mf-manifest.json; imports no page code (see descriptor.test.ts).
 */
export const descriptor = {
  name: 'auth',
  routes: [
    { path: '/login', access: 'public-only', module: './login' },
    { path: '/login-by-phone', access: 'public-only', module: './login-phone' },
    { path: '/verifikasi-otp', access: 'public-only', module: './verify-login-otp' },
    { path: '/verifikasi-masuk', access: 'public-only', module: './second-proof' },
    { path: '/verifikasi-dua-langkah', access: 'public-only', module: './two-step' },
    // Every signed-in user, whatever their menus: no `requires` (issue 31).
    { path: '/keamanan-akun', access: 'protected', module: './account-security' },
    { path: '/forgot-password', access: 'public-only', module: './forgot-password' },
    { path: '/validate-otp', access: 'public-only', module: './validate-reset-otp' },
    { path: '/new-password', access: 'public-only', module: './new-password' },
  ],
  nav: [],
} satisfies RemoteDescriptor;
