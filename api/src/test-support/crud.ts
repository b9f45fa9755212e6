import type { z } from 'zod';
import { call, expectOk } from './http';
import type { AdminTestApp } from './test-app';

/** The admin paths of a list domain (users, roles, applications) in the contract. */
interface ListDomainPaths {
  list: string;
  create: string;
  update(id: number | string): string;
  remove(id: number | string): string;
  bulkRemove?: string;
}

/** A query string as the api reads it: every given value as text. */
export const queryText = (query: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );

/**
 * The admin's requests of one list domain in a test file of `useAdminTestApp`: the list (parsed by
 * `schemas.list`, the query typed by `schemas.query`), the writes as sent, and `createOk`, a new
 * record from `payload(overrides)` answered 201 and parsed by `schemas.created`.
 */
export function adminRequests<QS extends z.ZodType, LS extends z.ZodType, D, O>(
  t: Pick<AdminTestApp, 'app' | 'token'>,
  domain: ListDomainPaths,
  schemas: { query: QS; list: LS; created: z.ZodType<{ data: D }> },
  payload: (overrides?: O) => unknown,
) {
  const create = (body: unknown) => call(t.app, 'POST', domain.create, { token: t.token, body });
  return {
    list: async (query?: z.input<QS>) =>
      expectOk(
        await call(t.app, 'GET', domain.list, { token: t.token, query: queryText(query ?? {}) }),
        schemas.list,
      ),
    create,
    update: (id: number | string, body: unknown) =>
      call(t.app, 'PATCH', domain.update(id), { token: t.token, body }),
    remove: (id: number | string) => call(t.app, 'DELETE', domain.remove(id), { token: t.token }),
    bulkRemove: (body: unknown) => {
      if (domain.bulkRemove === undefined) throw new Error('this list has no bulk delete');
      return call(t.app, 'DELETE', domain.bulkRemove, { token: t.token, body });
    },
    createOk: async (overrides?: O) => expectOk(await create(payload(overrides)), schemas.created, 201).data,
  };
}
