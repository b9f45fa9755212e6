import type { UserChanges, UserInput } from '../user-writes';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { assertVersion } from '../../http/versions';
import { statementCache } from '../../db/statements';

/*
 * The synchronous twins of user-writes.ts for the users import and the bulk changes, whose
 * all-or-nothing transactions still run on better-sqlite3. This file goes when users/bulk moves onto
 * the data layer (ADR 0026); the SQL and the answers are those of user-writes.ts.
 */

/** Statements prepared once per connection (an import writes thousands of users in a row). */
const stmt = statementCache();
const branchCompanies = statementCache<[number], { company_id: number }>();
const existingUsers = statementCache<[number], ExistingUser>();

type CompanyInput = UserInput['perusahaan'][number];

interface ExistingUser {
  id: number;
  nama: string;
  nik: string;
  phone: string;
  email: string;
  role_id: number;
  revision: number;
}

/** Checks the companies and units of a payload; answers the (company, branch) links to store. */
export function resolveCompanyLinksSync(
  db: Db,
  perusahaan: readonly CompanyInput[],
): Map<number, Set<number>> {
  const companyExists = stmt(db, 'SELECT 1 FROM companies WHERE id = ?');
  const branchCompany = branchCompanies(db, 'SELECT company_id FROM branches WHERE id = ?');
  const links = new Map<number, Set<number>>();
  for (const company of perusahaan) {
    if (!companyExists.get(company.perusahaan_id)) {
      throw fieldError('perusahaan', `AP dengan id ${company.perusahaan_id} tidak ditemukan`);
    }
    const branches = links.get(company.perusahaan_id) ?? new Set<number>();
    for (const { cabang_id } of company.cabang) {
      if (branchCompany.get(cabang_id)?.company_id !== company.perusahaan_id) {
        throw fieldError('perusahaan', `Unit dengan id ${cabang_id} bukan milik AP ${company.perusahaan_id}`);
      }
      branches.add(cabang_id);
    }
    links.set(company.perusahaan_id, branches);
  }
  return links;
}

/** Checks the role, companies and units of a payload; answers the (company, branch) links to store. */
function resolveLinks(db: Db, roleIds: number[], perusahaan: CompanyInput[]) {
  const [roleId] = roleIds;
  if (roleId === undefined || !stmt(db, 'SELECT 1 FROM roles WHERE id = ?').get(roleId)) {
    throw fieldError('role_ids', 'Role tidak ditemukan');
  }
  return { roleId, links: resolveCompanyLinksSync(db, perusahaan) };
}

function assertNikFree(db: Db, nik: string, exceptId: number): void {
  if (stmt(db, 'SELECT 1 FROM users WHERE nik = ? AND id <> ?').get(nik, exceptId)) {
    throw conflict('NIK sudah terdaftar', { nik: 'NIK sudah terdaftar' });
  }
}

function replaceLinks(db: Db, userId: number, links: Map<number, Set<number>>): void {
  stmt(db, 'DELETE FROM user_companies WHERE user_id = ?').run(userId);
  const insertCompany = stmt(db, 'INSERT INTO user_companies (user_id, company_id) VALUES (?, ?)');
  const insertBranch = stmt(
    db,
    'INSERT INTO user_branches (user_id, company_id, branch_id) VALUES (?, ?, ?)',
  );
  for (const [companyId, branches] of links) {
    insertCompany.run(userId, companyId);
    for (const branchId of branches) insertBranch.run(userId, companyId, branchId);
  }
}

/** POST users: a user without a password (they sign in through the SSO elsewhere). */
export function createUserSync(db: Db, input: UserInput, at: string): number {
  return db.transaction(() => {
    assertNikFree(db, input.nik, 0);
    const { roleId, links } = resolveLinks(db, input.role_ids, input.perusahaan);
    const id = Number(
      stmt(
        db,
        `INSERT INTO users (nama, nik, phone, email, role_id, password_hash, is_active, client_group, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, NULL, 1, 'internal', ?, ?)`,
      ).run(input.nama, input.nik, input.phone, input.email, roleId, at, at).lastInsertRowid,
    );
    replaceLinks(db, id, links);
    return id;
  })();
}

/**
 * PATCH users/{id}: fields present replace the stored ones (`perusahaan` replaces every link); a
 * `version` other than the stored one changes nothing (409).
 */
export function updateUserSync(db: Db, id: number, changes: UserChanges, at: string): void {
  db.transaction(() => {
    const existing = existingUsers(
      db,
      'SELECT id, nama, nik, phone, email, role_id, revision FROM users WHERE id = ?',
    ).get(id);
    if (!existing) throw notFound('User tidak ditemukan');
    assertVersion(changes.version, existing.revision);
    const nik = changes.nik ?? existing.nik;
    if (nik !== existing.nik) assertNikFree(db, nik, id);
    const { roleId, links } = resolveLinks(
      db,
      changes.role_ids ?? [existing.role_id],
      changes.perusahaan ?? [],
    );
    stmt(
      db,
      'UPDATE users SET nama = ?, nik = ?, phone = ?, email = ?, role_id = ?, updated_at = ?, revision = revision + 1 WHERE id = ?',
    ).run(
      changes.nama ?? existing.nama,
      nik,
      changes.phone ?? existing.phone,
      changes.email ?? existing.email,
      roleId,
      at,
      id,
    );
    if (changes.perusahaan) replaceLinks(db, id, links);
  })();
}
