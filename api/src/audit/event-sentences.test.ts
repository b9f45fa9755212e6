import {
  AUDIT_ACTION,
  auditActionKinds,
  auditActivity,
  auditListResponseSchema,
  auditPaths,
  auditSentence,
  paths,
  type AuditEvent,
} from '@sso/shared/contract';
import { ADMIN_AUDIT_ACTIONS, ADMIN_ROUTES } from '../routes';
import { createAccount } from '../test-support/accounts';
import { call, expectOk, loginWithNik } from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';

const kinds = new Set(auditActionKinds.map((kind) => kind.value));
/** A code name: a dotted action, snake_case or camelCase (none of them is Indonesian prose). */
const CODE = /[a-z]\.[a-z]|_|[a-z][A-Z]/;

const sample = (action: string): AuditEvent => ({
  id: 1,
  at: '2026-01-01T00:00:00.000Z',
  actor_id: 1,
  actor_nik: '100001',
  actor_name: 'Rina Santoso',
  action,
  target_type: action.split('.')[0] ?? null,
  target_id: '7',
  target_label: 'Adi Anggraini',
  result: 'done',
  status: 200,
  reason: null,
  changes: [],
  ip: null,
  user_agent: null,
});

describe('no event is shown by a code name', () => {
  const writes = ADMIN_ROUTES.filter((row) => row.method !== 'GET');
  const actionsOf = (row: (typeof writes)[number]) =>
    ADMIN_AUDIT_ACTIONS.get(`${row.method} ${row.path}`) ?? [];
  const adminActions = [...new Set(writes.flatMap(actionsOf))];
  const signIn = Object.values(AUDIT_ACTION);

  it('covers every write route of the access table', () => {
    for (const row of writes) expect([row.action, actionsOf(row).length > 0]).toEqual([row.action, true]);
    expect(adminActions).toEqual(
      expect.arrayContaining(['user.deactivate', 'user.activate', 'user.sessions_end']),
    );
  });

  // A write route declared without a sentence fails here.
  it.each([...adminActions, ...signIn])(
    '%s reads as a sentence and is a choice of "Jenis aktivitas"',
    (action) => {
      const event = sample(action);
      const activity = auditActivity(event);
      expect(activity).not.toMatch(CODE);
      expect(activity).toMatch(/^[A-Z][a-z]+\b/);
      expect(auditSentence(event)).toMatch(/^Rina Santoso [a-z]+.*\.$/);
      expect(auditSentence(event)).not.toMatch(CODE);
      if (
        !signIn.includes(action as never) &&
        !['application.logo', 'user.import', 'user.import_check'].includes(action)
      )
        expect(activity).toContain('Adi Anggraini');
      if (!signIn.includes(action as never)) expect(kinds.has(action)).toBe(true);
      else expect(kinds.has(action.split('.')[0] ?? '')).toBe(true);
    },
  );

  it('events recorded by route name before they had actions read as words too', () => {
    for (const legacy of ['changeUserStatus', 'endUserSessions', 'unlockUser']) {
      const activity = auditActivity({ ...sample(legacy), target_type: null, target_label: null });
      expect(activity).not.toMatch(CODE);
      expect(activity).toMatch(/ user #7$/);
    }
  });

  it('deactivation and reactivation read differently', () => {
    expect(auditActivity(sample('user.deactivate'))).not.toBe(auditActivity(sample('user.activate')));
  });
});

describe("a user's history", () => {
  const t = useAdminTestApp();
  const historyOf = async (userId: number) =>
    expectOk(
      await call(t.app, 'GET', auditPaths.list, {
        token: t.token,
        query: { user: String(userId), perPage: '50', sort: 'asc' },
      }),
      auditListResponseSchema,
    ).data;

  it('reads deactivation with its reason and the sessions it ended, reactivation, and sessions ended, by name', async () => {
    const account = await createAccount(t.app, t.token, { nama: 'Adi Anggraini' });
    await loginWithNik(t.app, account.nik, account.password);
    const status = (body: unknown) =>
      call(t.app, 'PATCH', paths.users.status(account.id), { token: t.token, body });
    expect((await status({ is_active: false, reason: 'Cuti panjang' })).statusCode).toBe(200);
    expect((await status({ is_active: true })).statusCode).toBe(200);
    await loginWithNik(t.app, account.nik, account.password);
    await loginWithNik(t.app, account.nik, account.password);
    const ended = await call(t.app, 'DELETE', paths.users.sessions(account.id), { token: t.token });
    expect(ended.statusCode).toBe(200);

    const history = await historyOf(account.id);
    const sentences = history.filter((e) => e.actor_nik === '100001').map((e) => auditSentence(e));
    expect(sentences[0]).toBe(
      'Super Admin menambah user Adi Anggraini.'.replace('Super Admin', history[0]?.actor_name ?? ''),
    );
    const deactivation = sentences.find((s) => s.includes('menonaktifkan'));
    expect(deactivation).toMatch(
      /^.+ menonaktifkan user Adi Anggraini \(status Aktif → Nonaktif; alasan “Cuti panjang”; 1 sesi diakhiri: #\d+ SSO Admin Panel · .+\)\.$/,
    );
    expect(sentences).toContain(
      `${history[0]?.actor_name} mengaktifkan kembali user Adi Anggraini (status Nonaktif → Aktif).`,
    );
    expect(sentences.find((s) => s.includes('mengakhiri semua sesi'))).toMatch(
      /mengakhiri semua sesi user Adi Anggraini \(2 sesi: #\d+ SSO Admin Panel · .+; #\d+ SSO Admin Panel · .+\)\.$/,
    );
    // The user's own sign-ins are theirs too (as actor).
    expect(history.some((e) => e.actor_id === account.id && e.action === AUDIT_ACTION.loginNik)).toBe(true);
    // Every event of the history names this user, as actor or as target.
    for (const event of history) {
      expect(
        event.actor_id === account.id ||
          (event.target_type === 'user' && event.target_id === String(account.id)),
      ).toBe(true);
    }
  });

  it('a role change reads with its before → after and the sessions it ended', async () => {
    const account = await createAccount(t.app, t.token, { nama: 'Dewi Kartika' });
    await loginWithNik(t.app, account.nik, account.password);
    const reply = await call(t.app, 'PATCH', paths.users.update(account.id), {
      token: t.token,
      body: { role_ids: [3] },
    });
    expect(reply.statusCode).toBe(200);
    const last = (await historyOf(account.id)).at(-1);
    expect(last && auditActivity(last)).toMatch(
      /^Mengubah user Dewi Kartika \(Role: Admin → .+; 1 sesi diakhiri: #\d+ SSO Admin Panel · .+\)$/,
    );
  });

  it("a bulk status change records one event per user, each in that user's history", async () => {
    const a = await createAccount(t.app, t.token, { nama: 'Bima Saputra' });
    const b = await createAccount(t.app, t.token, { nama: 'Citra Lestari' });
    const reply = await call(t.app, 'PATCH', paths.users.bulkStatus, {
      token: t.token,
      body: { ids: [a.id, b.id], is_active: false, reason: 'Kontrak selesai' },
    });
    expect(reply.statusCode).toBe(200);
    for (const [account, name] of [
      [a, 'Bima Saputra'],
      [b, 'Citra Lestari'],
    ] as const) {
      const last = (await historyOf(account.id)).at(-1);
      expect(last && auditActivity(last)).toBe(
        `Menonaktifkan user ${name} (status Aktif → Nonaktif; alasan “Kontrak selesai”)`,
      );
    }
  });
});
