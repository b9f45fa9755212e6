import { applicationListResponseSchema, paths } from '@sso/shared/contract';
import { call, expectError, expectOk } from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';

const t = useAdminTestApp();

describe('blocking_role_count: the roles that hold back a delete, told before it', () => {
  it('counts the roles granting an application but the caller’s own and the application administrators’', async () => {
    const list = expectOk(
      await call(t.app, 'GET', paths.applications.list, { token: t.token, query: { keyword: 'HRIS' } }),
      applicationListResponseSchema,
    );
    const hris = list.data.find((app) => app.name === 'HRIS');
    if (!hris) throw new Error('HRIS is seeded');
    // Super Admin (the caller's role, and the application administrators') holds HRIS too.
    expect(hris.blocking_role_count).toBe(hris.role_count - 1);
    expect(hris.blocking_role_count).toBeGreaterThan(0);
    // The delete is refused naming exactly that many roles.
    const refused = expectError(
      await call(t.app, 'DELETE', paths.applications.remove(hris.id), { token: t.token }),
      409,
    );
    const named = /role: (.+)\. Cabut/.exec(refused.message)?.[1]?.split(', ') ?? [];
    expect(named).toHaveLength(hris.blocking_role_count);
  });
});
