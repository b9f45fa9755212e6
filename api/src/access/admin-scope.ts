import {
  OUTSIDE_SCOPE_MESSAGE,
  PANEL_MENU,
  SCOPE_NEEDS_COMPANY_MESSAGE,
  SSO_PANEL_APP_ID,
  type AdminScope,
} from '@sso/shared/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AdminDialect } from '../db/dialect-admin';
import type { Q, Store } from '../db/store';
import { forbidden, notFound } from '../http/errors';

/**
 * Administration per company (issue 32, ADR 0022): THE place where the api decides which users an
 * administrator reaches. Every users read and write, the import, the bulk writes, the lifecycle
 * actions, the reference data of the users forms, Log Aktivitas and both CSVs ask it; no route
 * decides on its own.
 *
 * A role with scope `group` ("Seluruh grup") reaches every user. A role with scope `own` ("AP
 * pengguna sendiri") reaches the companies the acting user is linked to, and within a company the
 * units they are linked to there (all of its units when they are linked to none). A user lies
 * within that scope when they have at least one company, every company of theirs is in it, and
 * every unit of theirs is allowed (a company where the actor holds only some units also needs the
 * user to hold one of those units: a user of the whole company is wider than the actor).
 *
 * Outside the scope a user does not exist for the actor: reads and writes by id answer 404 as for
 * an unknown id. Naming a company or unit outside it in a payload is 403 (OUTSIDE_SCOPE_MESSAGE).
 */

/** The scope of one actor, read at the start of the request. */
export type ActorScope =
  | { readonly kind: 'group'; readonly actorId: number }
  | {
      readonly kind: 'own';
      readonly actorId: number;
      /** Companies within the scope. */
      readonly companies: ReadonlySet<number>;
      /** Units allowed: every unit of a whole company, the actor's own of a restricted one. */
      readonly branches: ReadonlySet<number>;
      /** Companies where the actor holds only some units. */
      readonly restricted: ReadonlySet<number>;
    };

/** The (company, units) pairs of a payload, as the users forms and the bulk AP change send them. */
export interface CompanyLinks {
  perusahaan_id: number;
  cabang: ReadonlyArray<{ cabang_id: number }>;
}

export const USER_NOT_FOUND = 'User tidak ditemukan';

/** An own-scope actor's links: companies, units per company, and the companies they hold whole. */
interface ActorLinks {
  companies: Set<number>;
  own: Map<number, Set<number>>;
  wholeCompanies: number[];
}

function linksOf(
  companyIds: readonly number[],
  unitRows: ReadonlyArray<{ company_id: number; branch_id: number }>,
): ActorLinks {
  const companies = new Set(companyIds);
  const own = new Map<number, Set<number>>();
  for (const { company_id: company, branch_id: branch } of unitRows) {
    own.set(company, (own.get(company) ?? new Set()).add(branch));
  }
  return { companies, own, wholeCompanies: [...companies].filter((id) => !own.has(id)) };
}

/** The scope of an own-scope actor from their links and the units of the companies they hold whole. */
function scopeOfLinks(
  actorId: number,
  links: ActorLinks,
  wholeUnits: ReadonlyArray<{ id: number }>,
): ActorScope {
  const { companies, own } = links;
  const branches = new Set<number>();
  for (const branch of wholeUnits) branches.add(branch.id);
  for (const [company, units] of own)
    if (companies.has(company)) for (const unit of units) branches.add(unit);
  const restricted = new Set([...own.keys()].filter((id) => companies.has(id)));
  return { kind: 'own', actorId, companies, branches, restricted };
}

/** The actor's scope now, read through `q`. */
export async function actorScopeOf(store: Store, actorId: number, q: Q = store.db): Promise<ActorScope> {
  const role = await q
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select('r.admin_scope')
    .where('u.id', '=', actorId)
    .executeTakeFirst();
  if ((role?.admin_scope ?? 'group') === 'group') return { kind: 'group', actorId };
  const companies = await q
    .selectFrom('user_companies')
    .select('company_id')
    .where('user_id', '=', actorId)
    .execute();
  const units = await q
    .selectFrom('user_branches')
    .select(['company_id', 'branch_id'])
    .where('user_id', '=', actorId)
    .execute();
  const links = linksOf(
    companies.map((row) => row.company_id),
    units,
  );
  const { rows: wholeUnits } = await sql<{
    id: number;
  }>`SELECT id FROM branches WHERE company_id IN ${store.admin.idSet(links.wholeCompanies)}`.execute(q);
  return scopeOfLinks(actorId, links, wholeUnits);
}

/** `AdminScopes.allowsRoleScope`: no escalation by scope. */
export const allowsRoleScope = (scope: ActorScope, roleScope: AdminScope, administers: boolean): boolean =>
  scope.kind === 'group' || roleScope === 'own' || !administers;

/** `AdminScopes.roleReach` on the data layer: the role's scope and whether it administers. */
export async function roleReachOf(
  q: Q,
  roleId: number,
): Promise<{ scope: AdminScope; administers: boolean } | undefined> {
  const row = await q
    .selectFrom('roles as r')
    .select((eb) => [
      'r.admin_scope',
      eb
        .exists(
          eb
            .selectFrom('role_menus as rm')
            .innerJoin('menus as m', 'm.id', 'rm.menu_id')
            .select('rm.role_id')
            .whereRef('rm.role_id', '=', 'r.id')
            .where('m.app_id', '=', SSO_PANEL_APP_ID)
            .where('m.panel_key', 'is not', null)
            .where('m.panel_key', '<>', PANEL_MENU.home),
        )
        .as('administers'),
    ])
    .where('r.id', '=', roleId)
    .executeTakeFirst();
  // EXISTS is 0/1 on SQLite, a boolean on PostgreSQL.
  return row ? { scope: row.admin_scope, administers: Boolean(row.administers) } : undefined;
}

/**
 * `userTerm` for the stores on the data layer (ADR 0026): the scope's predicate over `alias` (a users
 * row) as a kysely expression, or null for a group-wide actor. The same predicate, its id lists bound
 * as the store binds a list (`store.admin.idSet`).
 */
export function scopeFilter(
  dialect: AdminDialect,
  scope: ActorScope,
  alias = 'u',
): RawBuilder<SqlBool> | null {
  if (scope.kind === 'group') return null;
  const id = sql.ref(`${alias}.id`);
  const companies = dialect.idSet(scope.companies);
  const branches = dialect.idSet(scope.branches);
  // As `userTerm`: with no company where the actor holds only some units, that test is left out.
  const restricted =
    scope.restricted.size === 0
      ? sql``
      : sql`
    AND NOT EXISTS (SELECT 1 FROM user_companies s WHERE s.user_id = ${id}
      AND s.company_id IN ${dialect.idSet(scope.restricted)}
      AND NOT EXISTS (SELECT 1 FROM user_branches t WHERE t.user_id = ${id} AND t.company_id = s.company_id))`;
  return sql<SqlBool>`(EXISTS (SELECT 1 FROM user_companies s WHERE s.user_id = ${id})
    AND NOT EXISTS (SELECT 1 FROM user_companies s WHERE s.user_id = ${id} AND s.company_id NOT IN ${companies})
    AND NOT EXISTS (SELECT 1 FROM user_branches s WHERE s.user_id = ${id} AND s.branch_id NOT IN ${branches})${restricted})`;
}

/** `AdminScopes.allowsLinks`: whether a payload's companies and units lie within the scope. */
export function allowsLinks(scope: ActorScope, perusahaan: readonly CompanyLinks[]): boolean {
  if (scope.kind === 'group') return true;
  if (perusahaan.length === 0) return false;
  return perusahaan.every(
    (company) =>
      scope.companies.has(company.perusahaan_id) &&
      company.cabang.every((unit) => scope.branches.has(unit.cabang_id)) &&
      (!scope.restricted.has(company.perusahaan_id) || company.cabang.length > 0),
  );
}

/** `AdminScopes.assertLinks`: 403 unless `allowsLinks`. */
export function assertLinks(scope: ActorScope, perusahaan: readonly CompanyLinks[]): void {
  if (allowsLinks(scope, perusahaan)) return;
  throw forbidden(perusahaan.length === 0 ? SCOPE_NEEDS_COMPANY_MESSAGE : OUTSIDE_SCOPE_MESSAGE);
}

/** `AdminScopes.visible` on the data layer: the ids among `ids` that exist and lie within the scope. */
export async function visibleUsers(
  store: Store,
  scope: ActorScope,
  ids: readonly number[],
  q: Q = store.db,
): Promise<Set<number>> {
  const filter = scopeFilter(store.admin, scope);
  const { rows } = await sql<{ id: number }>`SELECT u.id FROM users u
    WHERE u.id IN ${store.admin.idSet(new Set(ids))}${filter ? sql` AND ${filter}` : sql``}`.execute(q);
  return new Set(rows.map((row) => row.id));
}

/**
 * `AdminScopes.assertVisible` on the data layer: 404 unless every id lies within the scope
 * (group-wide actors pass; their unknown ids are the caller's 404).
 */
export async function assertVisibleUsers(
  store: Store,
  scope: ActorScope,
  ids: readonly number[],
  q: Q = store.db,
): Promise<void> {
  if (scope.kind === 'group') return;
  const seen = await visibleUsers(store, scope, ids, q);
  if (ids.some((id) => !seen.has(id))) throw notFound(USER_NOT_FOUND);
}

/**
 * `ScopeTerm.count` on the data layer: `SELECT COUNT(*)` of every user within a scoped actor's scope,
 * read from the user_companies rows of the scope's companies (each user counted at its smallest
 * company), the same number as counting the users that pass `scopeFilter`.
 */
export function scopeCount(
  dialect: AdminDialect,
  scope: ActorScope & { kind: 'own' },
): RawBuilder<{ n: number }> {
  const companies = dialect.idSet(scope.companies);
  const restricted =
    scope.restricted.size === 0
      ? sql``
      : sql`
    AND NOT EXISTS (SELECT 1 FROM user_companies s WHERE s.user_id = sc.user_id
      AND s.company_id IN ${dialect.idSet(scope.restricted)}
      AND NOT EXISTS (SELECT 1 FROM user_branches t WHERE t.user_id = sc.user_id AND t.company_id = s.company_id))`;
  return sql<{ n: number }>`SELECT COUNT(*) AS n FROM user_companies sc
    WHERE sc.company_id IN ${companies}
    AND NOT EXISTS (SELECT 1 FROM user_companies s WHERE s.user_id = sc.user_id
      AND (s.company_id < sc.company_id OR s.company_id NOT IN ${companies}))
    AND NOT EXISTS (SELECT 1 FROM user_branches s WHERE s.user_id = sc.user_id
      AND s.branch_id NOT IN ${dialect.idSet(scope.branches)})${restricted}`;
}
