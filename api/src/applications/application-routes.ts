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
  const { db } = ctx;
  /** The roles that would not hold back a delete by the caller (its `blocking_role_count`). */
  const exemptFor = (request: FastifyRequest) =>
    exempt(db, actorOf(db, authOf(request).userId, PANEL_MENU.appList));
  const saved = (request: FastifyRequest, id: number) => {
    const found = findManagedApplication(db, id, ctx.logoUrl, exemptFor(request));
    if (!found) throw notFound(NOT_FOUND);
    return found;
  };

  // Uploads of forms never saved go at start and every 6 hours (and before each upload).
  const prune = () => {
    try {
      pruneAbandonedLogos(db, ctx.clock());
    } catch (error) {
      app.log.error({ err: error }, 'applications: abandoned logos not pruned');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, 6 * 3_600_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  app.get(paths.applications.list, async (request) => {
    const params = validate(applicationListQuerySchema, request.query);
    const { data, total } = listManagedApplications(db, params, ctx.logoUrl, exemptFor(request));
    return listOf('Daftar aplikasi', data, total);
  });

  app.get(paths.applications.detail(':id'), async (request) =>
    ok('Detail aplikasi', saved(request, idParam(request.params, NOT_FOUND))),
  );

  // A secret made by the write is answered here, once, beside the saved application.
  const withSecret = (request: FastifyRequest, { id, clientSecret }: SavedApplication) =>
    clientSecret === undefined ? saved(request, id) : { ...saved(request, id), client_secret: clientSecret };

  app.post(paths.applications.create, async (request, reply) => {
    const input = validate(applicationPayloadSchema, request.body);
    const actor = actorOf(db, authOf(request).userId, PANEL_MENU.appCreate);
    const result = createApplication(db, input, actor, ctx.clock());
    return reply.status(201).send(ok('Aplikasi berhasil ditambahkan', withSecret(request, result)));
  });

  app.patch(paths.applications.update(':id'), async (request) => {
    const id = idParam(request.params, NOT_FOUND);
    const input = validate(applicationPayloadSchema, request.body);
    const actor = actorOf(db, authOf(request).userId, PANEL_MENU.appList);
    return ok(
      'Aplikasi berhasil diperbarui',
      withSecret(request, updateApplication(db, id, input, actor, ctx.clock())),
    );
  });

  app.post(paths.applications.regenerateSecret(':id'), async (request) => {
    const id = idParam(request.params, NOT_FOUND);
    return ok('Secret baru berhasil dibuat', regenerateClientSecret(db, id, ctx.clock()));
  });

  app.delete(paths.applications.remove(':id'), async (request) => {
    const id = idParam(request.params, NOT_FOUND);
    deleteApplication(db, id, actorOf(db, authOf(request).userId, PANEL_MENU.appList));
    return ok('Aplikasi berhasil dihapus', { ids: [id], deleted: 1 });
  });

  app.post(paths.applications.logo, async (request, reply) => {
    const { data } = validate(logoUploadPayloadSchema, request.body);
    const now = ctx.clock();
    pruneAbandonedLogos(db, now);
    const { id, file } = storeLogo(db, data, now);
    return reply.status(201).send(ok('Logo berhasil diunggah', { logo_id: id, logo_url: ctx.logoUrl(file) }));
  });
}
