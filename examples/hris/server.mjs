// HRIS, a sample application of the group signing in through the SSO (OpenID Connect, code flow
// with PKCE) with openid-client, a certified relying-party library. A confidential client: it holds
// a secret and calls the token endpoint from the server. README.md of this folder: how to run it.
import { startSampleApp } from '@sso/example-sample-kit';

startSampleApp({
  name: 'HRIS',
  color: '#0f766e',
  port: Number(process.env.PORT ?? 3101),
  issuer: process.env.OIDC_ISSUER ?? 'http://localhost:4000/oidc',
  clientId: process.env.CLIENT_ID ?? 'hris',
  clientSecret: process.env.CLIENT_SECRET ?? 'hris-demo-secret',
  cookie: 'hris_session',
});
