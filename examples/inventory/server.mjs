// Inventory, a sample application of the group signing in through the SSO (OpenID Connect, code flow
// with PKCE) with openid-client, a certified relying-party library. A public client: it holds no
// secret, so PKCE alone binds the code to this sign-in. README.md of this folder: how to run it.
import { startSampleApp } from '@sso/example-sample-kit';

startSampleApp({
  name: 'Inventory',
  color: '#7c3aed',
  port: Number(process.env.PORT ?? 3102),
  issuer: process.env.OIDC_ISSUER ?? 'http://localhost:4000/oidc',
  clientId: process.env.CLIENT_ID ?? 'inventory',
  cookie: 'inventory_session',
});
