import { PANEL_MENU } from '@sso/shared/contract';
import { PASSWORD_COST, hashPasswordSync, type ScryptCost } from '../../auth/password';
import { nameKey } from '../../roles/role-writes';
import { readMeta, writeMeta, type Db } from '../database';
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

/** Seeds the demo data once: a marker in `meta` keeps a second start from seeding again. */
export function seedIfEmpty(db: Db, options: SeedOptions): boolean {
  if (readMeta(db, 'seeded_at') !== undefined) return false;
  const run = db.transaction(() => {
    const random = createRandom(SEED);
    seedColors(db);
    const branchesByCompany = seedCompanies(db, random);
    seedApplications(db, options.panelUrl);
    seedRoles(db);
    seedPeople(db, random, options.users, branchesByCompany, options.passwordCost ?? PASSWORD_COST);
    writeMeta(db, 'seeded_at', new Date().toISOString());
  });
  run();
  return true;
}

function seedColors(db: Db): void {
  const insert = db.prepare('INSERT INTO colors (id, hex_code) VALUES (?, ?)');
  COLORS.forEach((hex, index) => insert.run(index + 1, hex));
}

function seedCompanies(db: Db, random: Random): Map<number, number[]> {
  const insertCompany = db.prepare(
    'INSERT INTO companies (id, nama, sort_key, logo_file) VALUES (?, ?, ?, ?)',
  );
  const insertBranch = db.prepare(
    'INSERT INTO branches (company_id, name, daerah, kode) VALUES (?, ?, ?, ?)',
  );
  const branches = new Map<number, number[]>();
  COMPANIES.forEach((nama, index) => {
    const id = index + 1;
    insertCompany.run(id, nama, companySortKey(nama), `company-${id}.svg`);
    const cities = random.sample(CITIES, random.int(3, 8));
    branches.set(
      id,
      cities.map(([city, code]) =>
        Number(insertBranch.run(id, `Cabang ${city}`, city, `${code}${id}`).lastInsertRowid),
      ),
    );
  });
  return branches;
}

function seedApplications(db: Db, panelUrl: string): void {
  const insertApp = db.prepare(
    'INSERT INTO applications (id, name, descriptions, url, logo_file) VALUES (?, ?, ?, ?, ?)',
  );
  const insertMenu = db.prepare('INSERT INTO menus (app_id, parent_id, name, position) VALUES (?, ?, ?, ?)');
  APPLICATIONS.forEach((app, index) => {
    const id = index + 1;
    insertApp.run(
      id,
      app.name,
      app.descriptions,
      index === 0 ? panelUrl : `http://${app.host}`,
      `app-${id}.svg`,
    );
    app.menus.forEach(([menu, children], position) => {
      const parentId = Number(insertMenu.run(id, null, menu, position + 1).lastInsertRowid);
      children.forEach((child, childPosition) => insertMenu.run(id, parentId, child, childPosition + 1));
    });
  });
  const parentOf = db.prepare<[number, string], { id: number; children: number }>(
    `SELECT p.id, (SELECT COUNT(*) FROM menus s WHERE s.parent_id = p.id) AS children
     FROM menus p WHERE p.app_id = ? AND p.parent_id IS NULL AND p.name = ?`,
  );
  for (const [appIndex, parent, name] of LATER_MENUS) {
    const row = parentOf.get(appIndex + 1, parent);
    if (!row) throw new Error(`seed: no menu ${parent} for ${name}`);
    insertMenu.run(appIndex + 1, row.id, name, row.children + 1);
  }
  const panelMenus = APPLICATIONS[0]?.menus.length ?? 0;
  LATER_PANEL_MENUS.forEach((menu, index) => insertMenu.run(1, null, menu, panelMenus + index + 1));
  // A file built at an older schema version (the migration tests) has no keys yet: migration 12 gives them.
  const keyed = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('menus')").all();
  if (keyed.some((column) => column.name === 'panel_key')) {
    db.exec(ASSIGN_PANEL_KEYS);
    // Peta Akses is born keyed; an older file gets it from its migration instead.
    db.exec(ADD_PETA_AKSES_MENU);
  }
}

function seedRoles(db: Db): void {
  const insertRole = db.prepare(
    'INSERT INTO roles (id, name, name_key, descriptions, color_id, position, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?, ?, ?)',
  );
  const insertApp = db.prepare('INSERT INTO role_apps (role_id, app_id) VALUES (?, ?)');
  const insertMenu = db.prepare('INSERT INTO role_menus (role_id, menu_id, access_level) VALUES (?, ?, ?)');
  // A file built at an older schema version (the migration tests) has no scope yet: every role is group-wide.
  const scoped = db
    .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('roles')")
    .all()
    .some((column) => column.name === 'admin_scope');
  const menusOf = db.prepare<[number], { id: number; parent: string | null; name: string }>(
    `SELECT m.id, p.name AS parent, m.name FROM menus m LEFT JOIN menus p ON p.id = m.parent_id
     WHERE m.app_id = ? ORDER BY m.id`,
  );
  ROLES.forEach((role, index) => {
    const id = index + 1;
    const at = new Date(BASE_TIME + index * 60_000).toISOString();
    insertRole.run(id, role.name, nameKey(role.name), role.color + 1, id, at, at);
    if (role.adminScope && scoped)
      db.prepare('UPDATE roles SET admin_scope = ? WHERE id = ?').run(role.adminScope, id);
    for (const [appIndex, levels] of role.grants) {
      const appId = appIndex + 1;
      insertApp.run(id, appId);
      const menus = menusOf.all(appId);
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
        if (level !== undefined) insertMenu.run(id, menu.id, level);
      }
    }
  });
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

function seedPeople(
  db: Db,
  random: Random,
  userCount: number,
  branchesByCompany: Map<number, number[]>,
  passwordCost: ScryptCost,
): void {
  // A file built at an older schema version (the migration tests) has no employee companies yet.
  const employeeCompanies = db
    .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('employees')")
    .all()
    .some((column) => column.name === 'company_id');
  const insertEmployee = employeeCompanies
    ? db.prepare('INSERT INTO employees (id, name, nik, no_hp, email, company_id) VALUES (?, ?, ?, ?, ?, ?)')
    : db.prepare('INSERT INTO employees (id, name, nik, no_hp, email) VALUES (?, ?, ?, ?, ?)');
  const addEmployee = (index: number, person: ReturnType<typeof makePerson>, company: number | null) =>
    employeeCompanies
      ? insertEmployee.run(index, person.name, person.nik, person.phone, person.email, company)
      : insertEmployee.run(index, person.name, person.nik, person.phone, person.email);
  const insertUser = db.prepare(
    `INSERT INTO users (id, nama, nik, phone, email, role_id, password_hash, is_active, client_group, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1, 'internal', ?, ?)`,
  );
  const insertCompany = db.prepare('INSERT INTO user_companies (user_id, company_id) VALUES (?, ?)');
  const insertBranch = db.prepare(
    'INSERT INTO user_branches (user_id, company_id, branch_id) VALUES (?, ?, ?)',
  );
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
    insertUser.run(index, person.name, person.nik, person.phone, person.email, roleId, passwordHash, at, at);

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
      insertCompany.run(index, companyId);
      for (const branchId of chosen) insertBranch.run(index, companyId, branchId);
    }
  }
}
