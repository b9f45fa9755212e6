import { PANEL_MENU } from '@sso/shared/contract';
import { PASSWORD_COST, hashPasswordSync, type ScryptCost } from '../../auth/password';
import { nameKey } from '../../roles/role-writes';
import { sql } from 'kysely';
import type { Q, Store } from '../store';
import { PHONE_PREFIXES } from '../../auth/phone-prefixes';
import { ADD_PETA_AKSES_MENU, ASSIGN_PANEL_KEYS } from '../migrations';
import { createRandom, type Random } from './prng';
import {
  ADMIN,
  APPLICATIONS,
  LATER_PANEL_MENUS,
  CITIES,
  COLORS,
  COMPANIES,
  DEMO_COMPANIES,
  SCOPED_COMPANY,
  inScopedCompany,
  DEMO_ROLES,
  DEMO_USER_PASSWORD,
  FIRST_NAMES,
  LATER_MENUS,
  LAST_NAMES,
  RANDOM_ROLE_MAX_ID,
  ROLES,
} from './data';

export interface SeedOptions {
  /** Users to create (the first ones are employees of the directory, the rest are bulk). */
  users: number;
  /** Url of application 1 (this panel). */
  panelUrl: string;
  /** scrypt cost of the demo passwords: production's unless a test asks for a cheaper one. */
  passwordCost?: ScryptCost;
}

const EMPLOYEE_COUNT = 240;
const SEED = 20_240_101;
const BASE_TIME = Date.UTC(2024, 0, 1);

/** Company lists sort by name ignoring dots and case (spec 3). */
export const companySortKey = (nama: string) =>
  nama.replace(/\./g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Rows inserted in chunks: one multi-row INSERT per chunk instead of one statement per row (both
 * stores take far more parameters than a chunk needs; 10,000 users seed in a few statements).
 */
async function insertRows(
  q: Q,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const chunk = Math.max(1, Math.floor(2000 / columns.length));
  for (let at = 0; at < rows.length; at += chunk) {
    const values = rows
      .slice(at, at + chunk)
      .map((row) => sql`(${sql.join(row.map((value) => sql`${value}`))})`);
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES ${sql.join(values)}`.execute(
      q,
    );
  }
}

/** The tables the seed writes with explicit ids (their identity counters follow, `Store.afterExplicitIds`). */
const SEEDED_ID_TABLES = [
  'colors',
  'companies',
  'branches',
  'applications',
  'menus',
  'roles',
  'employees',
  'users',
];

/**
 * Seeds the demo data once, in one transaction: a marker in `meta` keeps a second start from seeding
 * again; instances starting together on an empty database seed once (`lockKeys`).
 */
export async function seedIfEmpty(store: Store, options: SeedOptions): Promise<boolean> {
  return store.transaction(async (trx) => {
    await store.lockKeys(trx, [SEED_LOCK]);
    const marker = await trx
      .selectFrom('meta')
      .select('value')
      .where('key', '=', 'seeded_at')
      .executeTakeFirst();
    if (marker !== undefined) return false;
    const random = createRandom(SEED);
    await insertRows(
      trx,
      'colors',
      ['id', 'hex_code'],
      COLORS.map((hex, index) => [index + 1, hex]),
    );
    const branchesByCompany = await seedCompanies(trx, random);
    await seedApplications(store, trx, options.panelUrl);
    await seedRoles(store, trx);
    await seedPeople(
      store,
      trx,
      random,
      options.users,
      branchesByCompany,
      options.passwordCost ?? PASSWORD_COST,
    );
    await store.afterExplicitIds(trx, SEEDED_ID_TABLES);
    await trx.insertInto('meta').values({ key: 'seeded_at', value: new Date().toISOString() }).execute();
    return true;
  });
}

const SEED_LOCK = 'seed';

async function seedCompanies(q: Q, random: Random): Promise<Map<number, number[]>> {
  await insertRows(
    q,
    'companies',
    ['id', 'nama', 'sort_key', 'logo_file'],
    COMPANIES.map((nama, index) => [index + 1, nama, companySortKey(nama), `company-${index + 1}.svg`]),
  );
  // Branch ids in insertion order: the draw decides them, as it did when each insert returned its id.
  const rows: [number, number, string, string, string][] = [];
  const branches = new Map<number, number[]>();
  let nextId = 1;
  COMPANIES.forEach((_, index) => {
    const id = index + 1;
    const cities = random.sample(CITIES, random.int(3, 8));
    branches.set(
      id,
      cities.map(([city, code]) => {
        rows.push([nextId, id, `Cabang ${city}`, city, `${code}${id}`]);
        nextId += 1;
        return nextId - 1;
      }),
    );
  });
  await insertRows(q, 'branches', ['id', 'company_id', 'name', 'daerah', 'kode'], rows);
  return branches;
}

async function seedApplications(store: Store, q: Q, panelUrl: string): Promise<void> {
  await insertRows(
    q,
    'applications',
    ['id', 'name', 'descriptions', 'url', 'logo_file'],
    APPLICATIONS.map((app, index) => [
      index + 1,
      app.name,
      app.descriptions,
      index === 0 ? panelUrl : `http://${app.host}`,
      `app-${index + 1}.svg`,
    ]),
  );
  // Menu ids in tree order, as the inserts one by one gave them.
  const menus: [number, number, number | null, string, number][] = [];
  const add = (appId: number, parentId: number | null, name: string, position: number) => {
    const id = menus.length + 1;
    menus.push([id, appId, parentId, name, position]);
    return id;
  };
  APPLICATIONS.forEach((app, index) => {
    app.menus.forEach(([menu, children], position) => {
      const parentId = add(index + 1, null, menu, position + 1);
      children.forEach((child, childPosition) => add(index + 1, parentId, child, childPosition + 1));
    });
  });
  for (const [appIndex, parent, name] of LATER_MENUS) {
    const parentRow = menus.find(
      ([, app, parentId, menu]) => app === appIndex + 1 && parentId === null && menu === parent,
    );
    if (!parentRow) throw new Error(`seed: no menu ${parent} for ${name}`);
    const children = menus.filter(([, , parentId]) => parentId === parentRow[0]).length;
    add(appIndex + 1, parentRow[0], name, children + 1);
  }
  const panelMenus = APPLICATIONS[0]?.menus.length ?? 0;
  LATER_PANEL_MENUS.forEach((menu, index) => add(1, null, menu, panelMenus + index + 1));
  await insertRows(q, 'menus', ['id', 'app_id', 'parent_id', 'name', 'position'], menus);
  // The scripts below add menus without an id: the counters continue after the ones written here.
  await store.afterExplicitIds(q, ['applications', 'menus']);
  // A file built at an older schema version (the migration tests) has no keys yet: migration 12 gives them.
  if ((await store.columnsOf(q, 'menus')).includes('panel_key')) {
    for (const statement of statementsOf(ASSIGN_PANEL_KEYS)) await sql.raw(statement).execute(q);
    // Peta Akses is born keyed; an older file gets it from its migration instead.
    for (const statement of statementsOf(ADD_PETA_AKSES_MENU)) await sql.raw(statement).execute(q);
  }
}

/** The statements of a script of portable SQL, one per `;` (none of these scripts quotes a `;`). */
const statementsOf = (script: string) =>
  script
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');

async function seedRoles(store: Store, q: Q): Promise<void> {
  // A file built at an older schema version (the migration tests) has no scope yet: every role is group-wide.
  const scoped = (await store.columnsOf(q, 'roles')).includes('admin_scope');
  const { rows: allMenus } = await sql<{ id: number; app_id: number; parent: string | null; name: string }>`
    SELECT m.id, m.app_id, p.name AS parent, m.name FROM menus m LEFT JOIN menus p ON p.id = m.parent_id
    ORDER BY m.id`.execute(q);
  const roles: unknown[][] = [];
  const roleApps: [number, number][] = [];
  const roleMenus: [number, number, number][] = [];
  ROLES.forEach((role, index) => {
    const id = index + 1;
    const at = new Date(BASE_TIME + index * 60_000).toISOString();
    roles.push([id, role.name, nameKey(role.name), null, role.color + 1, id, at, at]);
    for (const [appIndex, levels] of role.grants) {
      const appId = appIndex + 1;
      roleApps.push([id, appId]);
      const menus = allMenus.filter((m) => m.app_id === appId);
      if (typeof levels !== 'number') {
        // A file built at an older schema version has no Peta Akses yet: its migration adds it.
        const unknown = Object.keys(levels).filter(
          (name) => name !== PANEL_MENU.accessMap && !menus.some((m) => m.name === name),
        );
        if (unknown.length > 0)
          throw new Error(`seed: role ${role.name} names unknown menus ${unknown.join(', ')}`);
      }
      for (const menu of menus) {
        // One level for the whole app; else the sub-menu's own level, else its menu's; else none.
        const level =
          typeof levels === 'number'
            ? levels
            : (levels[menu.name] ?? (menu.parent === null ? undefined : levels[menu.parent]));
        if (level !== undefined) roleMenus.push([id, menu.id, level]);
      }
    }
  });
  await insertRows(
    q,
    'roles',
    ['id', 'name', 'name_key', 'descriptions', 'color_id', 'position', 'created_at', 'updated_at'],
    roles,
  );
  if (scoped) {
    for (const [index, role] of ROLES.entries()) {
      if (role.adminScope)
        await sql`UPDATE roles SET admin_scope = ${role.adminScope} WHERE id = ${index + 1}`.execute(q);
    }
  }
  await insertRows(q, 'role_apps', ['role_id', 'app_id'], roleApps);
  await insertRows(q, 'role_menus', ['role_id', 'menu_id', 'access_level'], roleMenus);
}

/** Seed role ids are positions in ROLES, from 1. */
function roleIdOf(name: string): number {
  const index = ROLES.findIndex((role) => role.name === name);
  if (index < 0) throw new Error(`seed: no role ${name}`);
  return index + 1;
}

/**
 * Hashes of the demo passwords, computed once per process and cost (scrypt is slow on purpose):
 * the 10,000 users of the bench share two hashes (one salt each), made in about half a second.
 */
const demoHashes = new Map<string, string>();
function demoHash(password: string, cost: ScryptCost): string {
  const key = `${cost.N}:${cost.r}:${cost.p}:${password}`;
  const cached = demoHashes.get(key);
  if (cached) return cached;
  const hash = hashPasswordSync(password, cost);
  demoHashes.set(key, hash);
  return hash;
}

interface Person {
  name: string;
  nik: string;
  phone: string;
  email: string;
}

function makePerson(random: Random, index: number): Person {
  if (index === 1) return { name: ADMIN.name, nik: ADMIN.nik, phone: ADMIN.phone, email: ADMIN.email };
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  // index × an odd multiplier prime to 10 is a bijection modulo 10^8: unique, random-looking numbers.
  const digits = String((index * 7_919_687 + 3_141_592) % 100_000_000).padStart(8, '0');
  let phone = `08${random.pick(PHONE_PREFIXES)}${digits}`;
  if (phone === ADMIN.phone) phone = `0813${digits}`;
  return {
    name: `${first} ${last}`,
    nik: String(100_000 + index),
    phone,
    email: `${first}.${last}${index}@sso.local`.toLowerCase(),
  };
}

async function seedPeople(
  store: Store,
  q: Q,
  random: Random,
  userCount: number,
  branchesByCompany: Map<number, number[]>,
  passwordCost: ScryptCost,
): Promise<void> {
  const employees: unknown[][] = [];
  const users: unknown[][] = [];
  const userCompanies: [number, number][] = [];
  const userBranches: [number, number, number][] = [];
  // A file built at an older schema version (the migration tests) has no employee companies yet.
  const employeeCompanies = (await store.columnsOf(q, 'employees')).includes('company_id');
  const addEmployee = (index: number, person: Person, company: number | null) =>
    employees.push([index, person.name, person.nik, person.phone, person.email, company]);
  const adminHash = demoHash(ADMIN.password, passwordCost);
  const userHash = demoHash(DEMO_USER_PASSWORD, passwordCost);
  const companyIds = [...branchesByCompany.keys()];
  const total = Math.max(userCount, 1, EMPLOYEE_COUNT);
  const scopedCompany = COMPANIES.findIndex((company) => company === SCOPED_COMPANY) + 1;
  const employeeRandom = createRandom(SEED + 1);

  for (let index = 1; index <= total; index += 1) {
    const person = makePerson(random, index);
    const inDirectory = index <= EMPLOYEE_COUNT;
    if (index > userCount) {
      // An employee without an account yet: a company of their own stream (the users' draws stay).
      const company = inScopedCompany(index) ? scopedCompany : employeeRandom.pick(companyIds);
      addEmployee(index, person, company);
      continue;
    }

    // The random pick is drawn for demo accounts too, so every other user keeps its seeded data.
    const randomRole = index === 1 ? 1 : random.int(2, RANDOM_ROLE_MAX_ID);
    const demoRole = DEMO_ROLES.get(index);
    const roleId = demoRole ? roleIdOf(demoRole) : randomRole;
    const passwordHash = index === 1 ? adminHash : inDirectory ? userHash : null;
    const at = new Date(BASE_TIME + index * 37 * 60_000).toISOString();
    users.push([
      index,
      person.name,
      person.nik,
      person.phone,
      person.email,
      roleId,
      passwordHash,
      1,
      'internal',
      at,
      at,
    ]);

    const companies = index === 1 ? companyIds.slice(0, 4) : random.sample(companyIds, random.int(1, 4));
    const fixed = DEMO_COMPANIES.get(index);
    const links = companies.map((companyId) => {
      const branches = branchesByCompany.get(companyId) ?? [];
      return [companyId, index === 1 ? branches : random.sample(branches, random.int(1, 3))] as const;
    });
    // A demo account's fixed APs (with every unit) replace the draw, drawn all the same so that
    // every other user keeps its seeded data.
    const scopedUnits = (branchesByCompany.get(scopedCompany) ?? []).filter(
      (_, at) => (at + index) % 2 === 0,
    );
    const stored: ReadonlyArray<readonly [number, readonly number[]]> = fixed
      ? fixed.map((name) => [COMPANIES.findIndex((company) => company === name) + 1, []])
      : inScopedCompany(index)
        ? [[scopedCompany, scopedUnits]]
        : links;
    // A directory employee with an account works for the first AP of that account.
    if (inDirectory) {
      addEmployee(index, person, stored[0]?.[0] ?? null);
    }
    for (const [companyId, chosen] of stored) {
      userCompanies.push([index, companyId]);
      for (const branchId of chosen) userBranches.push([index, companyId, branchId]);
    }
  }
  await insertRows(
    q,
    'employees',
    ['id', 'name', 'nik', 'no_hp', 'email', ...(employeeCompanies ? ['company_id'] : [])],
    employeeCompanies ? employees : employees.map((row) => row.slice(0, 5)),
  );
  await insertRows(
    q,
    'users',
    [
      'id',
      'nama',
      'nik',
      'phone',
      'email',
      'role_id',
      'password_hash',
      'is_active',
      'client_group',
      'created_at',
      'updated_at',
    ],
    users,
  );
  await insertRows(q, 'user_companies', ['user_id', 'company_id'], userCompanies);
  await insertRows(q, 'user_branches', ['user_id', 'company_id', 'branch_id'], userBranches);
}
