/** Exposed federated modules: the build reads this map (see rspack.config.ts). */
export const exposes = {
  './login': './src/login/login-page.tsx',
  './login-phone': './src/login-phone/login-phone-page.tsx',
  './verify-login-otp': './src/login-phone/verify-login-otp-page.tsx',
  './second-proof': './src/second-proof/second-proof-page.tsx',
  './two-step': './src/two-step/two-step-page.tsx',
  './account-security': './src/account-security/account-security-page.tsx',
  './forgot-password': './src/forgot-password/forgot-password-page.tsx',
  './validate-reset-otp': './src/forgot-password/validate-reset-otp-page.tsx',
  './new-password': './src/forgot-password/new-password-page.tsx',
};
