import { sql } from 'kysely';
import { HEALTH_PATH, paths, userResponseSchema } from '@sso/shared/contract';
import { createUserPayload } from '../test-support/factories';
import { call, callRoot, expectError, expectOk } from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';
import { readRow } from '../test-support/test-rows';

/**
 * Issue 36, finding 5: limits first, work after. The probe's `DELETE users/bulk` with 100,001 ids
 * answered 422 after writing 100,001 events (and /health waited 14-16 s); 9,000 unknown ids wrote
 * 9,000 events. A refused request writes one event at most; a list of unknown ids one between them.
 */
const t = useAdminTestApp();

const eventCount = async () =>
  (await readRow(t, sql<{ n: number }>`SELECT COUNT(*) AS n FROM audit_events`))?.n ?? 0;
const bulkDelete = (ids: unknown[]) =>
  call(t.app, 'DELETE', paths.users.bulkRemove, { token: t.token, body: { ids } });
const unknownIds = (n: number) => Array.from({ length: n }, (_, i) => 5_000_000 + i);

describe('limits before work (issue 36, finding 5)', () => {
  it('100,001 ids: 422 with one event, and the api answers /health at once after', async () => {
    const before = await eventCount();
    const started = Date.now();
    const reply = await bulkDelete(unknownIds(100_001));
    expect(expectError(reply, 422).errors).toEqual({ ids: 'Terlalu banyak data' });
    expect((await eventCount()) - before).toBeLessThanOrEqual(1);
    const health = await callRoot(t.app, 'GET', HEALTH_PATH);
    expect(health.statusCode).toBe(200);
    // Generous for a shared machine; the probe measured 14-16 s.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('ids that are not ids (and a list of them over the limit) write one event at most', async () => {
    const before = await eventCount();
    expect((await bulkDelete(['0x1', -1, 'abc'])).statusCode).toBe(422);
    expect((await bulkDelete([...unknownIds(10), 'x'])).statusCode).toBe(422);
    expect((await eventCount()) - before).toBeLessThanOrEqual(2);
  });

  it('9,000 unknown ids and one real user: the user is deleted with its event, the unknown ids share one', async () => {
    const user = expectOk(
      await call(t.app, 'POST', paths.users.create, { token: t.token, body: createUserPayload() }),
      userResponseSchema,
      201,
    ).data;
    const before = await eventCount();
    const reply = await bulkDelete([user.id, ...unknownIds(9_000)]);
    expect(reply.statusCode).toBeLessThan(500);
    expect((await eventCount()) - before).toBeLessThanOrEqual(2);
  });
});
