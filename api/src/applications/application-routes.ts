import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  applicationListQuerySchema,
  applicationPayloadSchema,
  PANEL_MENU,
  logoUploadPayloadSchema,
  paths,
} from '@sso/shared/contract';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { listOf, ok } from '../http/reply';
import { idParam } from '../http/route-params';
import { validate } from '../http/validate';
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

/** App Management (ours, beside spec 7): one route per endpoint of `paths.applications`. */
export function registerApplicationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { store } = ctx;
  const db = store.db;
  /** The roles that would not hold back a delete by the caller (its `blocking_role_count`). */
  const exemptFor = async (request: FastifyRequest) =>
    exempt(db, await actorOf(db, authOf(request).userId, PANEL_MENU.appList));
  const saved = async (request: FastifyRequest, id: number) => {
    const found = await findManagedApplication(store, id, ctx.logoUrl, await exemptFor(request));
    if (!found) throw notFound(NOT_FOUND);
    return found;
  };

  // Uploads of forms never saved go at start and every 6 hours (and before each upload).
  const prune = async () => {
    try {
      await pruneAbandonedLogos(db, ctx.clock());
    } catch (error) {
      app.log.error({ err: error }, 'applications: abandoned logos not pruned');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), 6 * 3_600_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  app.get(paths.applications.list, async (request) => {
    const params = validate(applicationListQuerySchema, request.query);
    const { data, total } = await listManagedApplications(
      store,
      params,
      ctx.logoUrl,
      await exemptFor(request),
    );
    return listOf('Daftar aplikasi', data, total);
  });

  app.get(paths.applications.detail(':id'), async (request) =>
    ok('Detail aplikasi', await saved(request, idParam(request.params, NOT_FOUND))),
  );

  // A secret made by the write is answered here, once, beside the saved application.
  const withSecret = async (request: FastifyRequest, { id, clientSecret }: SavedApplication) =>
    clientSecret === undefined
      ? saved(request, id)
      : { ...(await saved(request, id)), client_secret: clientSecret };

  app.post(paths.applications.create, async (request, reply) => {
    const input = validate(applicationPayloadSchema, request.body);
    const actor = await actorOf(db, authOf(request).userId, PANEL_MENU.appCreate);
    const result = await createApplication(store, input, actor, ctx.clock());
    return reply.status(201).send(ok('Aplikasi berhasil ditambahkan', await withSecret(request, result)));
  });

  app.patch(paths.applications.update(':id'), async (request) => {
    const id = idParam(request.params, NOT_FOUND);
    const input = validate(applicationPayloadSchema, request.body);
    const actor = await actorOf(db, authOf(request).userId, PANEL_MENU.appList);
    return ok(
      'Aplikasi berhasil diperbarui',
      await withSecret(request, await updateApplication(store, id, input, actor, ctx.clock())),
    );
  });

  app.post(paths.applications.regenerateSecret(':id'), async (request) => {
    const id = idParam(request.params, NOT_FOUND);
    return ok('Secret baru berhasil dibuat', await regenerateClientSecret(store, id, ctx.clock()));
  });

  app.delete(paths.applications.remove(':id'), async (request) => {
    const id = idParam(request.params, NOT_FOUND);
    await deleteApplication(store, id, await actorOf(db, authOf(request).userId, PANEL_MENU.appList));
    return ok('Aplikasi berhasil dihapus', { ids: [id], deleted: 1 });
  });

  app.post(paths.applications.logo, async (request, reply) => {
    const { data } = validate(logoUploadPayloadSchema, request.body);
    const now = ctx.clock();
    await pruneAbandonedLogos(db, now);
    const { id, file } = await storeLogo(db, data, now);
    return reply.status(201).send(ok('Logo berhasil diunggah', { logo_id: id, logo_url: ctx.logoUrl(file) }));
  });
}
