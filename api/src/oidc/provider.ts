import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type JWK,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Clock } from '../clock';
import type { Q, Store } from '../db/store';
import { createAdapterFactory } from './adapter';
import { roleGrantsApplication, SSO_SCOPE, userClaims } from './claims';
import { findClientRow } from './clients';
import { findAccountById } from '../auth/accounts';
import { keptSecret } from '../auth/tokens';
import { verifyClientSecret } from './client-secret';
import { escapeHtml, renderPage, type Page } from './pages';

export interface ProviderOptions {
  /** The tables not on the data layer yet (users, roles: the administration side's). */
  /** The provider's storage, clients and cookie keys (ADR 0026). */
  store: Store;
  /** The cookie signing keys (`cookieKeys`: shared by every instance). */
  cookieKeys: string[];
  /** See `createAdapterFactory`: a provider session's link to its login, once written. */
  linkWritten?: (uid: string) => Promise<void>;
  /** The signing keys (`signingKeys` of keys.ts: read, or made on first start, before the provider). */
  jwks: { keys: JWK[] };
  clock: Clock;
  issuer: string;
  logoUrl: (file: string) => string;
  /** Lifetime of the provider's session, as the panel's login it belongs to (seconds). */
  sessionTtlSeconds: number;
  /** Cookies marked Secure (production, behind https). */
  secureCookies: boolean;
  /** X-Forwarded-* of the trusted proxy are believed (the issuer's origin seen behind nginx). */
  behindProxy: boolean;
}

/** The reason of the prompt that refuses a user whose role grants nothing in the application. */
export const NO_APP_ACCESS = 'no_app_access';

/**
 * `acr` values (ADR 0021): a sign-in with one factor (a password, or a code sent by SMS), or with
 * two-step verification. An application asks for the second with `acr_values=urn:sso:acr:mfa`.
 */
export const ACR_SINGLE = 'urn:sso:acr:1fa';
export const ACR_MFA = 'urn:sso:acr:mfa';

/** Whether the authorization request asks for two-step verification (`acr_values`). */
export const asksForMfa = (acrValues: unknown) =>
  typeof acrValues === 'string' && acrValues.split(' ').includes(ACR_MFA);

/** Text of the refusal page and of `error_description` sent to the application. */
export const noAccessMessage = (application: string) =>
  `Role Anda tidak memiliki akses ke ${application}. Hubungi administrator untuk meminta akses.`;

/** The application (its id and name) of the client of a provider context, if any. */
export async function applicationOf(
  q: Q,
  ctx: KoaContextWithOIDC,
): Promise<{ id: number; name: string } | undefined> {
  const clientId = ctx.oidc.client?.clientId;
  if (!clientId) return undefined;
  const row = await findClientRow(q, clientId);
  return row ? { id: row.application_id, name: row.name } : undefined;
}

/**
 * The cookie signing keys: generated once and kept in the database (all instances share them; of
 * instances starting together on an empty database, the first one's key is kept).
 */
export async function cookieKeys(q: Q): Promise<string[]> {
  return [await keptSecret(q, 'oidc_cookie_key')];
}

function sendPage(ctx: KoaContextWithOIDC, page: Page, status?: number): void {
  ctx.type = 'html';
  if (status !== undefined) ctx.status = status;
  ctx.set('content-security-policy', page.csp);
  ctx.body = page.html;
}

/** Indonesian sentences for the provider's own error page (the standard code stays visible). */
const ERROR_TEXT: Record<string, string> = {
  invalid_client: 'Aplikasi ini tidak terdaftar di SSO.',
  invalid_redirect_uri: 'Alamat kembali (redirect URI) aplikasi ini tidak terdaftar.',
  invalid_request: 'Permintaan masuk dari aplikasi ini tidak valid.',
  unsupported_response_type: 'Jenis permintaan ini tidak didukung.',
  request_not_supported: 'Parameter request tidak didukung.',
  request_uri_not_supported: 'Parameter request_uri tidak didukung.',
  session_not_found: 'Permintaan masuk ini sudah tidak berlaku. Buka kembali aplikasinya untuk masuk.',
};

/**
 * The OpenID Connect provider (oidc-provider, OpenID Certified), configured for the group's
 * applications: code flow with PKCE only, refresh tokens with rotation, userinfo, revocation,
 * RP-initiated and back-channel logout; state in the api's database; no consent screen (the
 * applications are internal); a user whose role grants nothing in the application is refused.
 */
export function createProvider(options: ProviderOptions): Provider {
  const { store, clock } = options;

  const policy = interactionPolicy.base();
  // After sign-in: the role must grant the application, else a page (ours) and access_denied.
  policy.add(
    new interactionPolicy.Prompt(
      { name: 'sso_access', requestable: false },
      new interactionPolicy.Check(
        NO_APP_ACCESS,
        'role tidak memiliki akses ke aplikasi',
        'access_denied',
        async (ctx) => {
          const accountId = ctx.oidc.session?.accountId;
          const app = await applicationOf(store.db, ctx);
          if (!accountId || !app) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
          return (await roleGrantsApplication(store.db, Number(accountId), app.id))
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT;
        },
      ),
    ),
    1,
  );

  // An application that asks for two-step verification (acr_values) while the provider's session was
  // made with one factor: the login prompt again (the panel then asks for the second step).
  policy
    .get('login')
    ?.checks.push(
      new interactionPolicy.Check('acr_mfa', 'two-step verification requested', 'login_required', (ctx) =>
        asksForMfa(ctx.oidc.params?.acr_values) && ctx.oidc.session?.acr !== ACR_MFA
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT,
      ),
    );

  const ttl = options.sessionTtlSeconds;
  const configuration: Configuration = {
    adapter: createAdapterFactory(store, clock, options.logoUrl, options.linkWritten),
    jwks: options.jwks,
    cookies: {
      keys: options.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', secure: options.secureCookies },
      short: { httpOnly: true, sameSite: 'lax', secure: options.secureCookies },
    },
    acrValues: [ACR_SINGLE, ACR_MFA],
    scopes: ['openid', 'offline_access', 'profile', 'email', 'phone', SSO_SCOPE],
    claims: {
      // How the user signed in (ADR 0021): in every ID token, asked for or not.
      openid: ['sub', 'acr', 'amr'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
      phone: ['phone_number'],
      [SSO_SCOPE]: ['role', 'companies', 'menus'],
    },
    // The ID token carries the claims of its scopes too (not only userinfo).
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          // A logout asked by an application that proved itself (a valid id_token_hint) goes on at
          // once; otherwise the user confirms (a foreign page cannot sign anyone out).
          const trusted = ctx.oidc.entities.IdTokenHint !== undefined;
          const name = ctx.oidc.client?.clientName;
          const body = `<p>${name ? `${escapeHtml(name)} meminta Anda keluar dari SSO.` : 'Keluar dari SSO di perangkat ini?'} Semua aplikasi yang masuk melalui SSO akan ikut keluar.</p>${form}<div class="actions"><button autofocus type="submit" form="op.logoutForm" name="logout" value="yes">Ya, keluar</button><button class="secondary" type="submit" form="op.logoutForm">Tidak</button></div>`;
          sendPage(
            ctx,
            renderPage(
              'Keluar dari SSO',
              body,
              trusted ? 'document.querySelector("button[name=logout]").click();' : undefined,
            ),
          );
        },
        postLogoutSuccessSource: async (ctx) => {
          sendPage(ctx, renderPage('Anda sudah keluar', '<p>Anda sudah keluar dari SSO.</p>'));
        },
      },
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}`,
    },
    findAccount: async (ctx, sub) => {
      const userId = Number(sub);
      if (!Number.isSafeInteger(userId)) return undefined;
      if (Number((await findAccountById(store.db, userId))?.is_active) !== 1) return undefined;
      const app = await applicationOf(store.db, ctx);
      return {
        accountId: sub,
        claims: async (_use, scope) => {
          const claims = await userClaims(store, userId, app?.id ?? -1, new Set(scope.split(' ')));
          if (!claims) throw new errors.InvalidGrant('akun tidak aktif');
          return { ...claims };
        },
      };
    },
    // Internal applications: no consent screen. The grant covers what the client asked for.
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      const scope = ctx.oidc.params?.scope;
      grant.addOIDCScope(typeof scope === 'string' ? scope : 'openid');
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    ttl: {
      AccessToken: 15 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 30 * 60,
      RefreshToken: ttl,
      Session: ttl,
      Grant: ttl,
    },
    // Browsers may call the token and userinfo endpoints only from an application's own origin.
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) === true,
    // The only requests the provider sends are back-channel logouts to URIs an administrator
    // registered; the group's applications live on private networks, so those are allowed.
    fetch: (url, init) => {
      const options = { ...init };
      Reflect.deleteProperty(options, 'dispatcher');
      return globalThis.fetch(url, options);
    },
    renderError: async (ctx, out) => {
      const code = typeof out.error === 'string' ? out.error : 'server_error';
      const text = ERROR_TEXT[code] ?? 'Terjadi kesalahan saat memproses permintaan masuk.';
      sendPage(
        ctx,
        renderPage(
          'Tidak dapat masuk',
          `<p>${escapeHtml(text)}</p><p><small>Kode: ${escapeHtml(code)}${
            typeof out.error_description === 'string' ? ` (${escapeHtml(out.error_description)})` : ''
          }</small></p>`,
        ),
      );
    },
  };

  const provider = new Provider(options.issuer, configuration);
  provider.proxy = options.behindProxy;
  // Secrets are stored hashed (oidc_clients.secret_hash): compare the presented secret with it.
  provider.Client.prototype.compareClientSecret = function compare(
    this: { clientSecret?: string },
    actual: string,
  ) {
    return Promise.resolve(this.clientSecret !== undefined && verifyClientSecret(actual, this.clientSecret));
  };
  return provider;
}
