import { mountStandalone } from '@sso/shared/dev-shell';
import { descriptor } from './descriptor';

// The same pages the remote exposes (exposes.ts), loaded locally for `pnpm --filter remote-auth dev`.
mountStandalone({
  descriptor,
  pages: {
    './login': () => import('./login/login-page'),
    './login-phone': () => import('./login-phone/login-phone-page'),
    './verify-login-otp': () => import('./login-phone/verify-login-otp-page'),
    './forgot-password': () => import('./forgot-password/forgot-password-page'),
    './validate-reset-otp': () => import('./forgot-password/validate-reset-otp-page'),
    './new-password': () => import('./forgot-password/new-password-page'),
  },
});
