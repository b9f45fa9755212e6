import type { FastifyInstance } from 'fastify';
import {
  applicationListQuerySchema,
  applicationPayloadSchema,
  PANEL_MENU,
  logoUploadPayloadSchema,
  paths,
} from '@sso/shared/contract';
import { applicationTarget } from '../audit/describers';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { listOf, ok } from '../http/reply';
import { action, audited, auditedWithoutFields, routeFor, routeTable } from '../http/route';
import { idParams } from '../http/route-params';
import { findManagedApplication, listManagedApplications } from './application-queries';
import {
  actorOf,
  createApplication,
  deleteApplication,
  exempt,
  updateApplication,
  type SavedApplication,
} from './application-writes';
import { pruneAbandonedLogos, storeLogo } from './logo-store';
import { regenerateClientSecret } from './sso-client-store';

const NOT_FOUND = 'Aplikasi tidak ditemukan';
const appId = idParams(NOT_FOUND);

const route = routeFor<AppContext>();

/** The roles that would not hold back a delete by the caller (its `blocking_role_count`). */
const exemptFor = async ({ store }: AppContext, actorId: number) =>
  exempt(store.db, await actorOf(store.db, actorId, PANEL_MENU.appList));
const saved = async (ctx: AppContext, actorId: number, id: number) => {
  const found = await findManagedApplication(ctx.store, id, ctx.logoUrl, await exemptFor(ctx, actorId));
  if (!found) throw notFound(NOT_FOUND);
  return found;
};
// A secret made by the write is answered here, once, beside the saved application.
const withSecret = async (ctx: AppContext, actorId: number, { id, clientSecret }: SavedApplication) =>
  clientSecret === undefined
    ? saved(ctx, actorId, id)
    : { ...(await saved(ctx, actorId, id)), client_secret: clientSecret };

/** Uploads of forms never saved go at start and every 6 hours (and before each upload). */
function pruneLogos(scope: FastifyInstance, ctx: AppContext): void {
  const prune = async () => {
    try {
      await pruneAbandonedLogos(ctx.store.db, ctx.clock());
    } catch (error) {
      scope.log.error({ err: error }, 'applications: abandoned logos not pruned');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  scope.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), 6 * 3_600_000);
    timer.unref();
  });
  scope.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/** App Management (ours, beside spec 7): one route per endpoint of `paths.applications`. */
export const applicationRoutes = routeTable({
  setup: (ctx: AppContext, scope) => {
    pruneLogos(scope, ctx);
    return ctx;
  },
  routes: [
    route({
      method: 'GET',
      path: paths.applications.list,
      access: action('listApps'),
      query: applicationListQuerySchema,
      handler: async ({ query, auth }, ctx) => {
        const exemptRoles = await exemptFor(ctx, auth.userId);
        const { data, total } = await listManagedApplications(ctx.store, query, ctx.logoUrl, exemptRoles);
        return listOf('Daftar aplikasi', data, total);
      },
    }),
    route({
      method: 'GET',
      path: paths.applications.detail(':id'),
      access: action('listApps'),
      params: appId,
      handler: async ({ params, auth }, ctx) =>
        ok('Detail aplikasi', await saved(ctx, auth.userId, params.id)),
    }),
    route({
      method: 'POST',
      path: paths.applications.create,
      access: action('createApp'),
      body: applicationPayloadSchema,
      audit: audited(applicationTarget),
      handler: async ({ body, auth, reply }, ctx) => {
        const actor = await actorOf(ctx.store.db, auth.userId, PANEL_MENU.appCreate);
        const result = await createApplication(ctx.store, body, actor, ctx.clock());
        return reply
          .status(201)
          .send(ok('Aplikasi berhasil ditambahkan', await withSecret(ctx, auth.userId, result)));
      },
    }),
    route({
      method: 'PATCH',
      path: paths.applications.update(':id'),
      access: action('editApp'),
      params: appId,
      body: applicationPayloadSchema,
      audit: audited(applicationTarget),
      handler: async ({ params: { id }, body, auth }, ctx) => {
        const actor = await actorOf(ctx.store.db, auth.userId, PANEL_MENU.appList);
        const result = await updateApplication(ctx.store, id, body, actor, ctx.clock());
        return ok('Aplikasi berhasil diperbarui', await withSecret(ctx, auth.userId, result));
      },
    }),
    route({
      method: 'POST',
      path: paths.applications.regenerateSecret(':id'),
      access: action('regenerateAppSecret'),
      params: appId,
      // A new secret for the application's SSO client: the application is its target, the secret never shows.
      audit: audited(applicationTarget, 'application.secret'),
      handler: async ({ params: { id } }, ctx) =>
        ok('Secret baru berhasil dibuat', await regenerateClientSecret(ctx.store, id, ctx.clock())),
    }),
    route({
      method: 'DELETE',
      path: paths.applications.remove(':id'),
      access: action('deleteApp'),
      params: appId,
      audit: audited(applicationTarget),
      handler: async ({ params: { id }, auth }, ctx) => {
        await deleteApplication(ctx.store, id, await actorOf(ctx.store.db, auth.userId, PANEL_MENU.appList));
        return ok('Aplikasi berhasil dihapus', { ids: [id], deleted: 1 });
      },
    }),
    route({
      method: 'POST',
      path: paths.applications.logo,
      // A logo is uploaded from the add form or the edit form: either right will do.
      access: action('uploadAppLogo', 'editApp'),
      body: logoUploadPayloadSchema,
      audit: auditedWithoutFields('application.logo'),
      handler: async ({ body: { data }, reply }, ctx) => {
        const now = ctx.clock();
        await pruneAbandonedLogos(ctx.store.db, now);
        const { id, file } = await storeLogo(ctx.store.db, data, now);
        return reply
          .status(201)
          .send(ok('Logo berhasil diunggah', { logo_id: id, logo_url: ctx.logoUrl(file) }));
      },
    }),
  ],
});
