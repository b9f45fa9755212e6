import { deflateSync } from 'node:zlib';
import { applicationDetailResponseSchema, logoUploadResponseSchema, paths } from '@sso/shared/contract';
import { createApplicationPayload } from '../test-support/factories';
import { ADMIN, call, callRoot, expectOk, openSession } from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';

const t = useAdminTestApp();

/** A 1×1 PNG (the sniffer reads the signature). */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  deflateSync(Buffer.from([0, 0, 0, 0])),
]);

const upload = async (token: string) =>
  expectOk(
    await call(t.app, 'POST', paths.applications.logo, {
      token,
      body: { file_name: 'logo.png', data: PNG.toString('base64') },
    }),
    logoUploadResponseSchema,
    201,
  ).data;
const served = async (url: string) => (await callRoot(t.app, 'GET', new URL(url).pathname)).statusCode;

describe('a logo is kept only with a saved application', () => {
  it('an upload no application names goes after a day; one a saved application uses stays', async () => {
    const abandoned = await upload(t.token);
    const used = await upload(t.token);
    const app = expectOk(
      await call(t.app, 'POST', paths.applications.create, {
        token: t.token,
        body: createApplicationPayload({ logo_id: used.logo_id }),
      }),
      applicationDetailResponseSchema,
      201,
    ).data;
    expect(app.logo_url).toBe(used.logo_url);

    // Within the day the form may still be saved: nothing goes.
    t.clock.advance(23 * 3600);
    const token = (await openSession(t.app, ADMIN)).accessToken;
    await upload(token);
    expect(await served(abandoned.logo_url)).toBe(200);

    t.clock.advance(2 * 3600);
    const later = (await openSession(t.app, ADMIN)).accessToken;
    await upload(later);
    expect(await served(abandoned.logo_url)).toBe(404);
    expect(await served(used.logo_url)).toBe(200);
  });
});
