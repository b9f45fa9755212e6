import { ESCALATION_MESSAGE, OWN_ROLE_MESSAGE, USER_TAKEOVER_MESSAGE } from '@sso/shared/contract';
import type { z } from 'zod';
import type { bulkCompaniesPayloadSchema } from '@sso/shared/contract';
import { assertLinks } from '../../access/admin-scope';
import type { Privilege } from '../../access/privilege';
import type { Store, Q } from '../../db/store';
import { forbidden, notFoundAmong } from '../../http/errors';
import { resolveCompanyLinks } from '../user-writes';

interface Target {
  id: number;
  nama: string;
  nik: string;
  role_id: number;
}

/** "Nama (NIK), …" of refused users: the first 20 and how many more. */
const named = (users: readonly Target[]) => {
  const names = users.map((user) => `${user.nama} (${user.nik})`);
  return names.length > 20
    ? `${names.slice(0, 20).join(', ')} dan ${names.length - 20} lainnya`
    : names.join(', ');
};

/** The users named (404 for any unknown) and the refusal of those the actor's role does not cover. */
async function targetsOf(
  store: Store,
  q: Q,
  privilege: Privilege,
  actorId: number,
  ids: readonly number[],
): Promise<Target[]> {
  // Outside the actor's administration scope is unknown: all refused, none named (admin-scope.ts).
  await privilege.assertVisible(await privilege.scopeOf(actorId, q), ids, q);
  const users = await q
    .selectFrom('users')
    .select(['id', 'nama', 'nik', 'role_id'])
    .where('id', 'in', store.admin.idSet(ids))
    .orderBy('nama')
    .orderBy('id')
    .execute();
  const missing = notFoundAmong(ids, new Set(users.map((user) => user.id)), 'User');
  if (missing) throw missing;
  const covered = await privilege.coveredRoles(actorId, [...new Set(users.map((user) => user.role_id))], q);
  const refused = users.filter((user) => !covered.has(user.role_id));
  if (refused.length > 0) throw forbidden(`${USER_TAKEOVER_MESSAGE}: ${named(refused)}`);
  return users;
}

/**
 * PATCH users/bulk/role: one role for every user named, in one guarded transaction (PRIVILEGE_LOCK):
 * each user covered by the actor's role (the refused named, nothing written), the role one the actor
 * may give, not the actor's own role, the keeper rule after the write. Users whose role changes lose
 * their sessions (as an edit of one user's role does). Answers the users changed.
 */
export function changeRoles(
  store: Store,
  privilege: Privilege,
  actorId: number,
  ids: readonly number[],
  roleId: number,
  at: string,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  return privilege.guarded(async (trx) => {
    const users = await targetsOf(store, trx, privilege, actorId, unique);
    if (!(await privilege.mayGiveRole(actorId, roleId, trx))) throw forbidden(ESCALATION_MESSAGE);
    if (users.some((user) => user.id === actorId && user.role_id !== roleId)) {
      throw forbidden(OWN_ROLE_MESSAGE);
    }
    const changing = users.filter((user) => user.role_id !== roleId).map((user) => user.id);
    if (changing.length > 0) {
      await trx
        .updateTable('users')
        .set((eb) => ({ role_id: roleId, updated_at: at, revision: eb('revision', '+', 1) }))
        .where('id', 'in', store.admin.idSet(changing))
        .execute();
    }
    await privilege.assertPanelKept(trx);
    return changing;
  });
}

type CompanyInput = z.output<typeof bulkCompaniesPayloadSchema>['perusahaan'];

/**
 * PATCH users/bulk/companies: the APs and units given are added to every user named (what they
 * have stays), in one guarded transaction, each user covered by the actor's role. Answers the users
 * changed (those that had all of them already are not).
 */
export function addCompanies(
  store: Store,
  privilege: Privilege,
  actorId: number,
  ids: readonly number[],
  perusahaan: CompanyInput,
  at: string,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  return privilege.guarded(async (trx) => {
    const links = await resolveCompanyLinks(trx, perusahaan);
    const users = await targetsOf(store, trx, privilege, actorId, unique);
    assertLinks(await privilege.scopeOf(actorId, trx), perusahaan);
    const changed: number[] = [];
    for (const user of users) {
      let added = 0n;
      for (const [companyId, branches] of links) {
        const company = await trx
          .insertInto('user_companies')
          .values({ user_id: user.id, company_id: companyId })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        added += company.numInsertedOrUpdatedRows ?? 0n;
        for (const branchId of branches) {
          const branch = await trx
            .insertInto('user_branches')
            .values({ user_id: user.id, company_id: companyId, branch_id: branchId })
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirst();
          added += branch.numInsertedOrUpdatedRows ?? 0n;
        }
      }
      if (added > 0n) {
        await trx
          .updateTable('users')
          .set((eb) => ({ updated_at: at, revision: eb('revision', '+', 1) }))
          .where('id', '=', user.id)
          .execute();
        changed.push(user.id);
      }
    }
    return changed;
  });
}
