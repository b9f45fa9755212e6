import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUDIT_ACTION, API_PREFIX, paths, twoStepPaths } from '@sso/shared/contract';
import type { AppContext } from '../context';
import { SIGN_IN } from '../routes';
import { call } from '../test-support/http';
import { installErrorHandling } from './error-handling';
import {
  action,
  auditedWithoutFields,
  installDeclaredScope,
  publicAccess,
  routeFor,
  routeTable,
  type AccessHooks,
  type Route,
} from './route';
import { idParams } from './route-params';

/** Access checks that let everyone through: these tests are about parsing and declarations. */
const open: AccessHooks = {
  thisMachine: async () => {},
  session: () => async () => {},
  admin: () => async () => {},
  adminBody: async () => {},
};
const ctx = {} as AppContext;
const route = routeFor<null>();
const tableOf = (...routes: Route<null>[]) => routeTable({ setup: () => null, routes });

async function appWith(...routes: Route<null>[]): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandling(app);
  await app.register(
    async (api) => {
      installDeclaredScope(api);
      tableOf(...routes).register(api, ctx, open);
    },
    { prefix: API_PREFIX },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

describe('a declared route', () => {
  const bodySchema = z.object({
    nama: z.string().trim().min(1, 'Nama wajib diisi'),
    jumlah: z.coerce.number(),
  });

  it('parses its body before the handler: an invalid body never reaches it', async () => {
    const handler = jest.fn(async ({ body }: { body: z.output<typeof bodySchema> }) => ({ got: body }));
    const app = await appWith(
      route({ method: 'POST', path: '/contoh', access: publicAccess, body: bodySchema, handler }),
    );
    const refused = await call(app, 'POST', '/contoh', { body: { nama: ' ' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Nama wajib diisi',
      errors: { nama: 'Nama wajib diisi', jumlah: 'jumlah tidak boleh kosong atau tipenya salah' },
    });
    expect(handler).not.toHaveBeenCalled();

    const accepted = await call(app, 'POST', '/contoh', { body: { nama: ' Rina ', jumlah: '3' } });
    // The handler receives the schema's output (trimmed, coerced), not the raw body.
    expect(accepted.json()).toEqual({ got: { nama: 'Rina', jumlah: 3 } });
    expect(handler).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('parses its path id first (its own 404), then the query, then the body', async () => {
    const handler = jest.fn(async () => ({}));
    const app = await appWith(
      route({
        method: 'PATCH',
        path: '/contoh/:id',
        access: publicAccess,
        params: idParams('Contoh tidak ditemukan'),
        query: z.object({ mode: z.enum(['a', 'b'], { error: 'mode harus a atau b' }) }),
        body: bodySchema,
        handler,
      }),
    );
    const patch = (url: string) => call(app, 'PATCH', url, { body: { nama: '' } });
    expect((await patch('/contoh/0x10?mode=c')).json()).toEqual({ message: 'Contoh tidak ditemukan' });
    expect((await patch('/contoh/7?mode=c')).json()).toMatchObject({ message: 'mode harus a atau b' });
    expect((await patch('/contoh/7?mode=a')).json()).toMatchObject({ message: 'Nama wajib diisi' });
    expect(handler).not.toHaveBeenCalled();
    await app.close();
  });

  it('serializes its answer with its response schema (properties outside it are not sent)', async () => {
    const app = await appWith(
      route({
        method: 'GET',
        path: '/contoh',
        access: publicAccess,
        response: z.object({ message: z.string() }),
        handler: async () => ({ message: 'ok', rahasia: 'tidak terkirim' }),
      }),
    );
    expect((await call(app, 'GET', '/contoh')).json()).toEqual({
      message: 'ok',
    });
    await app.close();
  });
});

describe('the api does not start', () => {
  it('when an admin write declares no audit', async () => {
    // The type refuses it (`audit` is required of an admin write); a cast gets past the compiler only.
    const unaudited = route({
      method: 'DELETE',
      path: '/contoh/:id',
      access: action('deleteUser'),
      handler: async () => ({}),
    } as never);
    await expect(appWith(unaudited)).rejects.toThrow(
      'admin write DELETE /contoh/:id declares no audit (a describer, or auditedWithoutFields)',
    );
  });

  it('when a read or a public route declares an admin audit', async () => {
    const misplaced = route({
      method: 'GET',
      path: '/contoh',
      access: publicAccess,
      audit: auditedWithoutFields(),
      handler: async () => ({}),
    } as never);
    await expect(appWith(misplaced)).rejects.toThrow(
      'GET /contoh declares an admin audit but is no admin write',
    );
  });

  it('when a route is registered under the api prefix without a declaration', async () => {
    const app = Fastify();
    await expect(
      app.register(
        async (api) => {
          installDeclaredScope(api);
          api.post('/contoh', async () => ({}));
        },
        { prefix: API_PREFIX },
      ),
    ).rejects.toThrow(`route POST ${API_PREFIX}/contoh is not declared (http/route.ts)`);
    await app.close();
  });
});

it('derives the sign-in steps Log Aktivitas records from the routes that declare one', () => {
  const steps = Object.fromEntries([...SIGN_IN].map(([path, step]) => [path, step.action]));
  expect(steps).toEqual({
    [paths.auth.loginNik]: AUDIT_ACTION.loginNik,
    [paths.auth.loginPhone]: AUDIT_ACTION.loginPhone,
    [paths.auth.requestOtp]: AUDIT_ACTION.otpSend,
    [paths.auth.loginSecondProof]: AUDIT_ACTION.loginSecondProof,
    [paths.forgotPassword.start]: AUDIT_ACTION.resetStart,
    [paths.forgotPassword.requestOtp]: AUDIT_ACTION.resetOtpSend,
    [paths.forgotPassword.resendOtp]: AUDIT_ACTION.resetOtpSend,
    [paths.forgotPassword.verifyOtp]: AUDIT_ACTION.resetOtpVerify,
    [paths.forgotPassword.reset]: AUDIT_ACTION.resetComplete,
    [paths.session.create]: AUDIT_ACTION.sessionCreate,
    [paths.session.logout]: AUDIT_ACTION.logout,
  });
  // The two-step routes record their own events (two-step-audit.ts), not a step of this map.
  expect(SIGN_IN.has(twoStepPaths.verify)).toBe(false);
});
