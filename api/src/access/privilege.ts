import {
  ESCALATION_MESSAGE,
  LAST_OWNER_MESSAGE,
  OWN_ACCOUNT_DELETE_MESSAGE,
  OWN_ROLE_MESSAGE,
  PANEL_KEEPER_MENUS,
  ROLE_TAKEOVER_MESSAGE,
  SCOPE_ESCALATION_MESSAGE,
  SSO_PANEL_APP_ID,
  USER_TAKEOVER_MESSAGE,
  covers,
  type Grants,
  type SessionEndReason,
} from '@sso/shared/contract';
import { sql, type Transaction } from 'kysely';
import type { Store, Tables, Q } from '../db/store';
import { conflict, forbidden } from '../http/errors';
import { loadRoleApplications } from '../roles/role-grants';
import {
  actorScopeOf,
  allowsRoleScope,
  assertVisibleUsers,
  type ActorScope,
  roleReachOf,
} from './admin-scope';

/**
 * Privilege boundaries (issue 18, ADR 0007): the checks every users/roles write passes, on top of
 * the route's level (admin-access.ts). Rules 1-3 refuse with 403, rule 4 with 409. Each `guard…`
 * runs the write inside one transaction with its checks: the checks that need the stored state
 * before the write, the write, then the checks of what it stored (a payload is validated by the
 * write first, so a bad id is still its 422/404) and the keeper check; any refusal rolls it all
 * back. Other write routes (user status, bulk changes, the import) use `guarded`, `mayActOnUser` and
 * `assertPanelKept` the same way. On the data layer (ADR 0026): users in `createPrivilege`, roles in
 * `createRolePrivilege`, both under PRIVILEGE_LOCK.
 */

/** The fields of a user edit that decide who can sign in as them or what they may do. */
export interface UserEditFields {
  nik?: string | undefined;
  phone?: string | undefined;
  role_ids?: readonly number[] | undefined;
}

interface UserRow {
  id: number;
  nama: string;
  nik: string;
  phone: string;
  role_id: number;
}

const noLogo = () => '';

/** A refused id of a bulk write, named for the message. */
const namedList = (names: readonly string[]) =>
  names.length > 20 ? `${names.slice(0, 20).join(', ')} dan ${names.length - 20} lainnya` : names.join(', ');

/**
 * The privilege rules of role writes on the data layer (ADR 0026): the same rules as `Privilege`'s,
 * async on `Store`. Each guard runs its checks and
 * the write in one `store.transaction` that first takes PRIVILEGE_LOCK: every guarded write decides
 * from what it reads (who covers whom, who still owns the panel), so two instances deciding at once
 * would each see the state before the other's write. Any refusal rolls the write back.
 */
export interface RolePrivilege {
  /** The ids among `roleIds` the actor's role covers (rule 1 and the scope). */
  coveredRoles(actorId: number, roleIds: readonly number[]): Promise<Set<number>>;
  guardRoleCreate(actorId: number, write: (trx: Transaction<Tables>) => Promise<number>): Promise<number>;
  guardRoleEdit<T>(
    actorId: number,
    roleId: number,
    write: (trx: Transaction<Tables>) => Promise<T>,
  ): Promise<T>;
  guardRoleDelete<T>(
    actorId: number,
    roleIds: readonly number[],
    write: (trx: Transaction<Tables>) => Promise<T>,
  ): Promise<T>;
}

/** The advisory lock every guarded privilege write takes (PostgreSQL; SQLite's writer is single). */
export const PRIVILEGE_LOCK = 'privilege';

/** Rule 4 on the data layer: 409 unless an active user owns every keeper menu of app 1. */
export async function assertPanelKeptOn(q: Q): Promise<void> {
  const keepers = sql.join([...PANEL_KEEPER_MENUS]);
  const { rows } = await sql<{ id: number }>`SELECT u.id FROM users u
     WHERE u.is_active = 1 AND u.role_id IN (
       SELECT r.id FROM roles r
       WHERE EXISTS (SELECT 1 FROM role_apps ra WHERE ra.role_id = r.id AND ra.app_id = ${SSO_PANEL_APP_ID})
         AND NOT EXISTS (
           SELECT 1 FROM menus m
           WHERE m.app_id = ${SSO_PANEL_APP_ID} AND (
             (m.parent_id IS NULL AND m.panel_key IN (${keepers}))
             OR m.parent_id IN (SELECT p.id FROM menus p
               WHERE p.app_id = ${SSO_PANEL_APP_ID} AND p.parent_id IS NULL AND p.panel_key IN (${keepers}))
           )
           AND NOT EXISTS (
             SELECT 1 FROM role_menus rm WHERE rm.role_id = r.id AND rm.menu_id = m.id AND rm.access_level = 1
           )
         )
     )
     LIMIT 1`.execute(q);
  if (rows.length === 0) throw conflict(LAST_OWNER_MESSAGE);
}

const roleGrants = async (q: Q, roleId: number): Promise<Grants> =>
  (await loadRoleApplications(q, [roleId], noLogo)).get(roleId) ?? [];
const userGrants = async (q: Q, userId: number): Promise<Grants> => {
  const user = await q.selectFrom('users').select('role_id').where('id', '=', userId).executeTakeFirst();
  return user ? roleGrants(q, user.role_id) : [];
};

/** No escalation by scope: a scoped actor covers no group-wide role that administers. */
async function scopeCovers(store: Store, q: Q, actorId: number, roleId: number): Promise<boolean> {
  const scope = await actorScopeOf(store, actorId, q);
  if (scope.kind === 'group') return true;
  const reach = await roleReachOf(q, roleId);
  return reach === undefined || allowsRoleScope(scope, reach.scope, reach.administers);
}

/** The ids among `roleIds` the actor's role covers (rule 1 and the scope). */
async function coveredRoles(store: Store, q: Q, actorId: number, roleIds: readonly number[]) {
  const actor = await userGrants(q, actorId);
  const grants = await loadRoleApplications(q, roleIds, noLogo);
  const covered = new Set<number>();
  for (const id of roleIds) {
    if (covers(actor, grants.get(id) ?? []) && (await scopeCovers(store, q, actorId, id))) covered.add(id);
  }
  return covered;
}

/** A guarded write: its checks and the write in one transaction under PRIVILEGE_LOCK. */
const lockedWrite =
  (store: Store) =>
  <T>(work: (trx: Transaction<Tables>) => Promise<T>) =>
    store.transaction(async (trx) => {
      await store.lockKeys(trx, [PRIVILEGE_LOCK]);
      return work(trx);
    });

export function createRolePrivilege(store: Store): RolePrivilege {
  const roleName = async (q: Q, roleId: number) =>
    (await q.selectFrom('roles').select('name').where('id', '=', roleId).executeTakeFirst())?.name;
  const guarded = lockedWrite(store);

  return {
    coveredRoles: (actorId, roleIds) => coveredRoles(store, store.db, actorId, roleIds),

    guardRoleCreate(actorId, write) {
      return guarded(async (trx) => {
        const id = await write(trx);
        if (!covers(await userGrants(trx, actorId), await roleGrants(trx, id)))
          throw forbidden(ESCALATION_MESSAGE);
        if (!(await scopeCovers(store, trx, actorId, id))) throw forbidden(SCOPE_ESCALATION_MESSAGE);
        return id;
      });
    },

    guardRoleEdit(actorId, roleId, write) {
      return guarded(async (trx) => {
        // An unknown role is the write's 404.
        if ((await roleName(trx, roleId)) === undefined) return write(trx);
        const actor = await userGrants(trx, actorId);
        if (
          !covers(actor, await roleGrants(trx, roleId)) ||
          !(await scopeCovers(store, trx, actorId, roleId))
        ) {
          throw forbidden(ROLE_TAKEOVER_MESSAGE);
        }
        const result = await write(trx);
        if (!covers(actor, await roleGrants(trx, roleId))) throw forbidden(ESCALATION_MESSAGE);
        if (!(await scopeCovers(store, trx, actorId, roleId))) throw forbidden(SCOPE_ESCALATION_MESSAGE);
        await assertPanelKeptOn(trx);
        return result;
      });
    },

    guardRoleDelete(actorId, roleIds, write) {
      return guarded(async (trx) => {
        const actor = await userGrants(trx, actorId);
        const refused: string[] = [];
        for (const id of new Set(roleIds)) {
          const name = await roleName(trx, id);
          if (name === undefined) continue;
          if (!covers(actor, await roleGrants(trx, id)) || !(await scopeCovers(store, trx, actorId, id)))
            refused.push(name);
        }
        if (refused.length > 0) {
          throw forbidden(
            roleIds.length === 1 ? ROLE_TAKEOVER_MESSAGE : `${ROLE_TAKEOVER_MESSAGE}: ${namedList(refused)}`,
          );
        }
        const result = await write(trx);
        await assertPanelKeptOn(trx);
        return result;
      });
    },
  };
}

/** What the users' guards need of the session store: ending a user's logins. */
export interface SessionRevoker {
  revokeUser(userId: number, reason: SessionEndReason): Promise<void>;
}

/**
 * The privilege rules of the users' writes on the data layer (ADR 0026): rules 1-4 (issue 18, ADR 0007) and the administration scope (issue 32), async on `Store`. Each guard runs its
 * checks and the write in one `store.transaction` that first takes PRIVILEGE_LOCK (see
 * RolePrivilege); any refusal rolls the write back. The reads without a transaction (`q` omitted)
 * answer from the store as it is now.
 */
export interface Privilege {
  /** The actor's administration scope now (admin-scope.ts). */
  scopeOf(actorId: number, q?: Q): Promise<ActorScope>;
  /** 404 unless every id lies within the scope (admin-scope.ts). */
  assertVisible(scope: ActorScope, ids: readonly number[], q?: Q): Promise<void>;
  /** Rule 2: whether the actor's role covers the user's role (false for an unknown user). */
  mayActOnUser(actorId: number, userId: number, q?: Q): Promise<boolean>;
  /** Rule 1: whether the actor's role covers the role (false for an unknown role). */
  mayGiveRole(actorId: number, roleId: number, q?: Q): Promise<boolean>;
  /** The ids among `roleIds` the actor's role covers. */
  coveredRoles(actorId: number, roleIds: readonly number[], q?: Q): Promise<Set<number>>;
  /** Rule 4 inside the write's transaction, after the write: the refusal rolls it back. */
  assertPanelKept(q: Q): Promise<void>;
  /** A transaction serialized with every other guarded write (PRIVILEGE_LOCK). */
  guarded<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T>;
  guardUserCreate(actorId: number, write: (trx: Transaction<Tables>) => Promise<number>): Promise<number>;
  guardUserEdit<T>(
    actorId: number,
    userId: number,
    changes: UserEditFields,
    write: (trx: Transaction<Tables>) => Promise<T>,
  ): Promise<T>;
  guardUserDelete<T>(
    actorId: number,
    userIds: readonly number[],
    write: (trx: Transaction<Tables>) => Promise<T>,
  ): Promise<T>;
}

export function createPrivilege(store: Store, sessions: SessionRevoker): Privilege {
  const userRow = (q: Q, id: number): Promise<UserRow | undefined> =>
    q
      .selectFrom('users')
      .select(['id', 'nama', 'nik', 'phone', 'role_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  const roleExists = async (q: Q, roleId: number) =>
    (await q.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst()) !== undefined;
  const coversRole = async (q: Q, actorId: number, roleId: number) =>
    covers(await userGrants(q, actorId), await roleGrants(q, roleId));
  const mayGiveRole = async (actorId: number, roleId: number, q: Q = store.db) =>
    (await roleExists(q, roleId)) &&
    (await coversRole(q, actorId, roleId)) &&
    (await scopeCovers(store, q, actorId, roleId));
  /** Why the actor may not give the role (rule 1, then the scope), or null. */
  const giveRefusal = async (q: Q, actorId: number, roleId: number) => {
    if (!(await roleExists(q, roleId)) || !(await coversRole(q, actorId, roleId))) return ESCALATION_MESSAGE;
    return (await scopeCovers(store, q, actorId, roleId)) ? null : SCOPE_ESCALATION_MESSAGE;
  };
  const mayActOnUser = async (actorId: number, userId: number, q: Q = store.db) => {
    const user = await userRow(q, userId);
    return (
      user !== undefined &&
      (await coversRole(q, actorId, user.role_id)) &&
      (await scopeCovers(store, q, actorId, user.role_id))
    );
  };
  const guarded = lockedWrite(store);

  return {
    scopeOf: (actorId, q) => actorScopeOf(store, actorId, q),
    assertVisible: (scope, ids, q) => assertVisibleUsers(store, scope, ids, q),
    mayActOnUser,
    mayGiveRole,
    coveredRoles: (actorId, roleIds, q = store.db) => coveredRoles(store, q, actorId, roleIds),
    assertPanelKept: assertPanelKeptOn,
    guarded,

    guardUserCreate(actorId, write) {
      return guarded(async (trx) => {
        const id = await write(trx);
        const created = await userRow(trx, id);
        const refusal = created ? await giveRefusal(trx, actorId, created.role_id) : null;
        if (refusal) throw forbidden(refusal);
        return id;
      });
    },

    async guardUserEdit(actorId, userId, changes, write) {
      let endSessions = false;
      const outcome = await guarded(async (trx) => {
        const before = await userRow(trx, userId);
        // An unknown user is the write's 404.
        if (!before) return write(trx);
        const newRole = changes.role_ids?.[0];
        if (newRole !== undefined && newRole !== before.role_id && userId === actorId) {
          throw forbidden(OWN_ROLE_MESSAGE);
        }
        if (!(await mayActOnUser(actorId, userId, trx))) throw forbidden(USER_TAKEOVER_MESSAGE);
        const result = await write(trx);
        const after = await userRow(trx, userId);
        const refusal =
          after && after.role_id !== before.role_id ? await giveRefusal(trx, actorId, after.role_id) : null;
        if (refusal) throw forbidden(refusal);
        await assertPanelKeptOn(trx);
        // Another user's change of how one signs in, or of what one may do, ends one's sessions.
        const signInChanged =
          after !== undefined &&
          (after.nik !== before.nik || after.phone !== before.phone || after.role_id !== before.role_id);
        endSessions = signInChanged && userId !== actorId;
        return result;
      });
      // Ended once committed: the session store writes in a transaction of its own, which cannot
      // open inside this one (SQLite's one connection would wait for itself).
      if (endSessions) await sessions.revokeUser(userId, 'access_changed');
      return outcome;
    },

    guardUserDelete(actorId, userIds, write) {
      return guarded(async (trx) => {
        if (userIds.includes(actorId)) throw forbidden(OWN_ACCOUNT_DELETE_MESSAGE);
        const refused: UserRow[] = [];
        // The listed users read in one query (a list may name thousands of ids, most unknown: one
        // round trip each was seconds on PostgreSQL), then judged in the order of the list.
        const unique = [...new Set(userIds)];
        const rows: UserRow[] = await trx
          .selectFrom('users')
          .select(['id', 'nama', 'nik', 'phone', 'role_id'])
          .where('id', 'in', store.admin.idSet(unique))
          .execute();
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const id of unique) {
          const user = byId.get(id);
          if (user !== undefined && !(await mayActOnUser(actorId, user.id, trx))) refused.push(user);
        }
        if (refused.length > 0) {
          const names = refused.map((user) => `${user.nama} (${user.nik})`);
          throw forbidden(
            userIds.length === 1 ? USER_TAKEOVER_MESSAGE : `${USER_TAKEOVER_MESSAGE}: ${namedList(names)}`,
          );
        }
        const result = await write(trx);
        await assertPanelKeptOn(trx);
        return result;
      });
    },
  };
}
