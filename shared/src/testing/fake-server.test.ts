/** @jest-environment jest-fixed-jsdom */
import { api } from '@sso/shared/api';
import { auditListResponseSchema, auditPaths } from '@sso/shared/contract';
import { apiUrl, failure, fakeServer, http, listAnswer, startFakeServer } from './fake-server';

const server = startFakeServer();

test("the api client's request reaches the scenario, parsed by the contract", async () => {
  fakeServer.use(http.get(apiUrl(auditPaths.list), () => listAnswer([], 0)));
  await expect(api.get(auditPaths.list, auditListResponseSchema, { params: { page: 2 } })).resolves.toEqual({
    data: [],
    meta: { total: 0 },
  });
  expect(new URL(server.requests[0]!.url).searchParams.get('page')).toBe('2');
});

test("a refusal carries the api's message", async () => {
  fakeServer.use(http.get(apiUrl(auditPaths.list), () => failure(403, 'Anda tidak memiliki akses')));
  await expect(api.get(auditPaths.list, auditListResponseSchema)).rejects.toMatchObject({
    message: 'Anda tidak memiliki akses',
    status: 403,
  });
});
