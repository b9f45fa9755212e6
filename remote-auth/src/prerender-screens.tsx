// What the build prerenders (remote-auth/prerender.mjs, ADR 0016): the auth screens a visitor can
// land on, rendered with the remote's own components to HTML that the host's servers put into the
// page (scripts/lib/prerendered.mjs). Bundled for the browser and run once at build time.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { setProductName } from '@sso/shared/i18n';
import { authRoutes } from '@sso/shared/routes';
import LoginPage from './login/login-page';
import LoginPhonePage from './login-phone/login-phone-page';
import ForgotPasswordPage from './forgot-password/forgot-password-page';
import { PRODUCT_NAME_SLOT } from './shared/prerender/slots';

/** Route → page: the screens a visitor lands on (the others follow a step of these). */
export const PRERENDERED: Record<string, ComponentType> = {
  [authRoutes.login.path]: LoginPage,
  [authRoutes.loginByPhone.path]: LoginPhonePage,
  [authRoutes.forgotPassword.path]: ForgotPasswordPage,
};

/** Each screen's markup, the product name left as a slot the host's server fills from its config. */
export function renderScreens(): Record<string, string> {
  setProductName(PRODUCT_NAME_SLOT);
  const html: Record<string, string> = {};
  for (const [route, Page] of Object.entries(PRERENDERED)) {
    html[route] = renderToString(
      <MemoryRouter initialEntries={[route]}>
        <Page />
      </MemoryRouter>,
    );
  }
  return html;
}
