import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { AUDIT_ACTION, TWO_STEP_REQUIRED_MESSAGE } from '@sso/shared/contract';
import { z } from 'zod';
import { recordEvent } from '../audit/audit-store';
import type { AppContext } from '../context';
import { pruneExpiredModels } from './adapter';
import { userBasics } from '../auth/accounts';
import { findClientRow } from './clients';
import { escapeHtml, renderPage, type Page } from './pages';
import {
  ACR_MFA,
  ACR_SINGLE,
  applicationOf,
  asksForMfa,
  cookieKeys,
  createProvider,
  NO_APP_ACCESS,
  noAccessMessage,
} from './provider';
import { PENDING_TTL_SECONDS } from '../auth/two-step/pending-sign-in';
import { methodsOf } from '../auth/two-step/two-step';
import { createSsoSessions } from './sso-sessions';
import { signingKeys } from './keys';
import { toUnixSeconds } from '../clock';
import { reportStoreFault } from '../ops/store-health';

/** Path prefix of the provider on the api (the issuer's path). */
export const OIDC_PREFIX = '/oidc';

const STALE =
  'Permintaan masuk ini sudah tidak berlaku atau bukan milik browser ini. Buka kembali aplikasinya untuk masuk.';

function sendPage(reply: FastifyReply, page: Page, status = 200) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-store')
    .send(page.html);
}

const stalePage = (reply: FastifyReply) =>
  sendPage(reply, renderPage('Permintaan masuk tidak berlaku', `<p>${escapeHtml(STALE)}</p>`), 400);

const uidParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const uidOf = (request: FastifyRequest) => uidParams.safeParse(request.params).data?.uid;
const loginResult = z.object({ sso: z.object({ loginSessionId: z.string() }) });
const loginForm = z.object({ token: z.string().max(4096) });

/**
 * Mounts the OpenID Connect provider under /oidc: its Koa app for every protocol endpoint
 * (discovery, JWKS, authorization, token, userinfo, revocation, logout), and our interaction
 * routes, which hand the browser to the panel's login screens and take back the login they made.
 */
export async function registerOidc(app: FastifyInstance, ctx: AppContext): Promise<Provider> {
  const { config } = ctx;
  const sso = createSsoSessions(ctx.store, ctx.clock, app.log);
  const amrOf = async (loginSessionId: string) =>
    (
      await ctx.store.db
        .selectFrom('login_sessions')
        .select('amr')
        .where('id', '=', loginSessionId)
        .executeTakeFirst()
    )?.amr ?? null;
  const issuer = config.oidcIssuer;
  // Links of provider sessions to logins being written after `interaction.ended` (below): the
  // adapter waits for one before it answers that session, so the order holds on a pool of
  // connections as on SQLite's one.
  const linking = new Map<string, Promise<void>>();
  const provider = createProvider({
    linkWritten: async (uid) => {
      await linking.get(uid)?.catch(() => undefined);
    },
    store: ctx.store,
    cookieKeys: await cookieKeys(ctx.store.db),
    jwks: await signingKeys(ctx.store, toUnixSeconds(ctx.clock())),
    clock: ctx.clock,
    issuer,
    logoUrl: ctx.logoUrl,
    sessionTtlSeconds: config.tokenTtlSeconds,
    // Secure wherever the issuer is https (production's is; plain http cannot carry Secure cookies).
    secureCookies: issuer.startsWith('https://'),
    behindProxy: config.trustProxy.length > 0,
  });

  // Expired artefacts are never answered; they are deleted at start and then hourly.
  const prune = () => pruneExpiredModels(ctx.store.db, Math.floor(ctx.clock() / 1000));
  await prune();
  const pruning = setInterval(
    () => {
      prune().catch((error: unknown) => {
        if (!reportStoreFault(ctx.store.db, error)) app.log.error({ err: error }, 'oidc prune failed');
      });
    },
    60 * 60 * 1000,
  ).unref();
  app.addHook('onClose', async () => clearInterval(pruning));

  const actorOf = async (userId: number) => {
    const row = await userBasics(ctx.store.db, userId);
    return row ? { id: userId, nik: row.nik, name: row.nama } : { id: userId, nik: null, name: null };
  };
  const audit = async (
    userId: number,
    application: { id: number; name: string },
    result: 'done' | 'refused',
    req: { ip?: string; headers: IncomingMessage['headers'] } | KoaContextWithOIDC,
    reason: string | null = null,
  ) => {
    const ua = req.headers['user-agent'];
    const actor = await actorOf(userId);
    await recordEvent(ctx.store.db, {
      at: ctx.clock(),
      actor,
      action: AUDIT_ACTION.ssoSignIn,
      target: { type: 'application', id: String(application.id), label: application.name },
      result,
      status: result === 'done' ? 200 : 403,
      reason,
      changes: [],
      ip: req.ip ?? null,
      userAgent: typeof ua === 'string' ? ua : null,
    });
  };

  // The panel's login finished an interaction: the provider session now belongs to that login
  // (before any other check of the request, so a refusal that follows finds it signed in).
  // The provider's events are synchronous: their writes run after them, and a failure is reported
  // as the provider's own storage faults are.
  const afterEvent = (work: () => Promise<void>) => {
    work().catch((error: unknown) => {
      if (!reportStoreFault(ctx.store.db, error)) app.log.error({ err: error }, 'oidc event failed');
    });
  };
  provider.on('interaction.ended', (koa: KoaContextWithOIDC) => {
    const session = koa.oidc.session;
    const result = loginResult.safeParse(koa.oidc.result);
    if (session?.accountId && result.success) {
      const accountId = Number(session.accountId);
      const uid = session.uid;
      const written = sso.link(uid, result.data.sso.loginSessionId, accountId).finally(() => {
        if (linking.get(uid) === written) linking.delete(uid);
      });
      linking.set(uid, written);
      afterEvent(() => written);
    }
  });
  // A sign-in reached the application: its app session of the linked login, and the event.
  provider.on('authorization.success', (koa: KoaContextWithOIDC) => {
    const session = koa.oidc.session;
    if (!session?.accountId) return;
    const accountId = Number(session.accountId);
    afterEvent(async () => {
      const application = await applicationOf(ctx.store.db, koa);
      if (!application) return;
      await sso.recordSignIn(session.uid, application.id);
      await audit(accountId, application, 'done', koa);
    });
  });
  provider.on('end_session.success', (koa: KoaContextWithOIDC) => {
    const session = koa.oidc.session;
    if (!session) return;
    const destroyed = 'destroyed' in session && session.destroyed === true;
    afterEvent(async () =>
      sso.loggedOut(session.uid, (await applicationOf(ctx.store.db, koa))?.id, destroyed),
    );
  });
  provider.on('backchannel.error', (_koa: unknown, error: unknown, client: { clientId: string }) => {
    app.log.warn({ err: error, clientId: client.clientId }, 'back-channel logout failed');
  });
  provider.on('server_error', (_koa: unknown, error: unknown) => {
    // A storage fault is logged once for the whole api and makes /ready false (ops/store-health.ts).
    if (reportStoreFault(ctx.store.db, error)) return;
    app.log.error({ err: error }, 'oidc provider error');
  });
  // Logins that end anywhere (logout, deactivation, "Keluarkan dari semua sesi", a role change,
  // "Akhiri") end the provider sessions on them, after the ending transaction committed.
  ctx.sessions.onEnded((userId) => {
    setImmediate(() => {
      sso
        .sweep(provider, userId)
        .catch((error: unknown) => app.log.error({ err: error }, 'sso sweep failed'));
    });
  });

  const panelLogin = (uid: string) => `${config.panelUrl}/login?sso=${encodeURIComponent(uid)}`;

  /** The interaction of this browser (its cookie), if it is the one named in the path. */
  const interactionOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const uid = uidOf(request);
    if (!uid) return undefined;
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === uid ? details : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  };

  await app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 8192 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );

      // The provider sends the browser here; the panel's screens (or a refusal page) take over.
      scope.get('/interaction/:uid', async (request, reply) => {
        const details = await interactionOf(request, reply);
        if (!details) return stalePage(reply);
        const reasons = details.prompt.reasons;
        if (details.prompt.name === 'login') return reply.redirect(panelLogin(details.uid), 303);
        const client = await findClientRow(ctx.store.db, String(details.params.client_id));
        const application = client ? { id: client.application_id, name: client.name } : undefined;
        if (details.prompt.name === 'sso_access' && reasons.includes(NO_APP_ACCESS) && application) {
          const userId = Number(details.session?.accountId);
          await audit(userId, application, 'refused', request, noAccessMessage(application.name));
          const action = `${OIDC_PREFIX}/interaction/${details.uid}/abort`;
          return sendPage(
            reply,
            renderPage(
              'Akses ditolak',
              `<p>${escapeHtml(noAccessMessage(application.name))}</p><form method="post" action="${escapeHtml(action)}"><div class="actions"><button type="submit" autofocus>Kembali ke ${escapeHtml(application.name)}</button></div></form>`,
            ),
            403,
          );
        }
        return stalePage(reply);
      });

      // What the login screen shows: "Masuk ke <application>" with its logo. Public data only.
      scope.get('/interaction/:uid/application', async (request, reply) => {
        const uid = uidOf(request);
        const interaction = uid ? await provider.Interaction.find(uid) : undefined;
        const client = interaction
          ? await findClientRow(ctx.store.db, String(interaction.params.client_id))
          : undefined;
        if (!client) return reply.code(404).send({ message: STALE });
        return reply.header('cache-control', 'no-store').send({
          message: 'Aplikasi',
          data: { name: client.name, logo_url: ctx.logoUrl(client.logo_file) },
        });
      });

      // The panel's login screen posts the login token of a sign-in made for this interaction (a
      // fetch with this browser's cookies) and is told where the browser goes on.
      scope.post('/interaction/:uid/login', async (request, reply) => {
        const origin = request.headers.origin;
        const allowed =
          config.corsOrigins === '*' || (origin !== undefined && config.corsOrigins.includes(origin));
        if (origin !== undefined && allowed) {
          reply
            .header('access-control-allow-origin', origin)
            .header('access-control-allow-credentials', 'true');
        }
        reply.header('cache-control', 'no-store');
        const details = await interactionOf(request, reply);
        if (!details || details.prompt.name !== 'login') return reply.code(400).send({ message: STALE });
        const token = loginForm.safeParse(request.body).data?.token ?? '';
        const auth = await ctx.sessions.authenticate(token, ['login']);
        if (!auth)
          return reply
            .code(401)
            .send({ message: 'Sesi masuk tidak valid atau sudah berakhir. Silakan masuk kembali.' });
        // How this login was made (two-step verification, ADR 0021): the ID token's amr and acr.
        const amr = ((await amrOf(auth.loginSessionId)) ?? 'pwd').split(' ');
        const mfa = amr.includes('mfa');
        if (asksForMfa(details.params.acr_values) && !mfa) {
          // The application asks for two-step verification and this login has one factor: the
          // second step (or, without a factor, its enrolment) before the application gets anything.
          const twoStep = await ctx.twoStep.factors.has(auth.userId);
          const challenge = await ctx.twoStep.pending.open(
            auth.userId,
            twoStep ? 'two_step' : 'two_step_enrol',
            amr.includes('sms') ? 'sms' : 'pwd',
            config.panelUrl,
          );
          return reply.send({
            message: TWO_STEP_REQUIRED_MESSAGE,
            data: {
              two_step: {
                challenge,
                enrol: !twoStep,
                methods: twoStep ? methodsOf((await ctx.twoStep.factors.status(auth.userId)).factors) : [],
                expires_in: PENDING_TTL_SECONDS,
              },
            },
          });
        }
        const location = await provider.interactionResult(
          request.raw,
          reply.raw,
          {
            login: { accountId: String(auth.userId), amr, acr: mfa ? ACR_MFA : ACR_SINGLE },
            sso: { loginSessionId: auth.loginSessionId },
          },
          { mergeWithLastSubmission: false },
        );
        return reply.send({ message: 'Login berhasil', data: { location } });
      });

      // The refusal page's button: the application receives error=access_denied.
      scope.post('/interaction/:uid/abort', async (request, reply) => {
        const details = await interactionOf(request, reply);
        if (!details) return stalePage(reply);
        const client = await findClientRow(ctx.store.db, String(details.params.client_id));
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          {
            error: 'access_denied',
            error_description: client ? noAccessMessage(client.name) : 'akses ditolak',
          },
          { mergeWithLastSubmission: false },
        );
        return reply;
      });
    },
    { prefix: `${OIDC_PREFIX}` },
  );

  // Every other path under /oidc is the provider's (its own body parsing: ours is switched off).
  const callback = provider.callback();
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      const handler = (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        const url = request.raw.url ?? '/';
        const path = url.split('?', 1)[0] ?? '';
        // Koa-style mounting: the provider reads its mount path from originalUrl minus url.
        const raw = Object.assign(request.raw, { originalUrl: url });
        raw.url = url.slice(OIDC_PREFIX.length) || '/';
        reply.raw.setHeader('x-content-type-options', 'nosniff');
        // Discovery and the keys may be cached briefly; nothing else of the provider is.
        const cacheable =
          path.endsWith('/.well-known/openid-configuration') || path === `${OIDC_PREFIX}/jwks`;
        reply.raw.setHeader('cache-control', cacheable ? 'public, max-age=300' : 'no-store');
        void callback(raw, reply.raw);
      };
      scope.all('/', handler);
      scope.all('/*', handler);
    },
    { prefix: OIDC_PREFIX },
  );
  return provider;
}
