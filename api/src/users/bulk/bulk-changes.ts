import { ESCALATION_MESSAGE, OWN_ROLE_MESSAGE, USER_TAKEOVER_MESSAGE } from '@sso/shared/contract';
import type { z } from 'zod';
import type { bulkCompaniesPayloadSchema } from '@sso/shared/contract';
import type { PrivilegeSync as Privilege } from '../../access/privilege';
import type { Db } from '../../db/database';
import { forbidden, notFoundAmong } from '../../http/errors';
import { resolveCompanyLinksSync as resolveCompanyLinks } from './user-writes-sync';

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
function targetsOf(db: Db, privilege: Privilege, actorId: number, ids: readonly number[]): Target[] {
  // Outside the actor's administration scope is unknown: all refused, none named (admin-scope.ts).
  privilege.scopes.assertVisible(privilege.scopes.of(actorId), ids);
  const users = db
    .prepare<[string], Target>(
      'SELECT id, nama, nik, role_id FROM users WHERE id IN (SELECT value FROM json_each(?)) ORDER BY nama, id',
    )
    .all(JSON.stringify(ids));
  const missing = notFoundAmong(ids, new Set(users.map((user) => user.id)), 'User');
  if (missing) throw missing;
  const covered = privilege.coveredRoles(actorId, [...new Set(users.map((user) => user.role_id))]);
  const refused = users.filter((user) => !covered.has(user.role_id));
  if (refused.length > 0) throw forbidden(`${USER_TAKEOVER_MESSAGE}: ${named(refused)}`);
  return users;
}

/**
 * PATCH users/bulk/role: one role for every user named, in one transaction: each user covered by
 * the actor's role (the refused named, nothing written), the role one the actor may give, not the
 * actor's own role, the keeper rule after the write. Users whose role changes lose their sessions
 * (as an edit of one user's role does). Answers the users changed.
 */
export function changeRoles(
  db: Db,
  privilege: Privilege,
  actorId: number,
  ids: readonly number[],
  roleId: number,
  at: string,
): number[] {
  const unique = [...new Set(ids)];
  return db.transaction(() => {
    const users = targetsOf(db, privilege, actorId, unique);
    if (!privilege.mayGiveRole(actorId, roleId)) throw forbidden(ESCALATION_MESSAGE);
    if (users.some((user) => user.id === actorId && user.role_id !== roleId)) {
      throw forbidden(OWN_ROLE_MESSAGE);
    }
    const changing = users.filter((user) => user.role_id !== roleId).map((user) => user.id);
    const update = db.prepare(
      'UPDATE users SET role_id = ?, updated_at = ?, revision = revision + 1 WHERE id = ?',
    );
    for (const id of changing) update.run(roleId, at, id);
    privilege.assertPanelKept();
    return changing;
  })();
}

type CompanyInput = z.output<typeof bulkCompaniesPayloadSchema>['perusahaan'];

/**
 * PATCH users/bulk/companies: the APs and units given are added to every user named (what they
 * have stays), in one transaction, each user covered by the actor's role. Answers the users
 * changed (those that had all of them already are not).
 */
export function addCompanies(
  db: Db,
  privilege: Privilege,
  actorId: number,
  ids: readonly number[],
  perusahaan: CompanyInput,
  at: string,
): number[] {
  const unique = [...new Set(ids)];
  return db.transaction(() => {
    const links = resolveCompanyLinks(db, perusahaan);
    const users = targetsOf(db, privilege, actorId, unique);
    privilege.scopes.assertLinks(privilege.scopes.of(actorId), perusahaan);
    const addCompany = db.prepare('INSERT OR IGNORE INTO user_companies (user_id, company_id) VALUES (?, ?)');
    const addBranch = db.prepare(
      'INSERT OR IGNORE INTO user_branches (user_id, company_id, branch_id) VALUES (?, ?, ?)',
    );
    const touch = db.prepare('UPDATE users SET updated_at = ?, revision = revision + 1 WHERE id = ?');
    const changed: number[] = [];
    for (const user of users) {
      let added = 0;
      for (const [companyId, branches] of links) {
        added += addCompany.run(user.id, companyId).changes;
        for (const branchId of branches) added += addBranch.run(user.id, companyId, branchId).changes;
      }
      if (added > 0) {
        touch.run(at, user.id);
        changed.push(user.id);
      }
    }
    return changed;
  })();
}
