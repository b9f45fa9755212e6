import { sql } from 'kysely';
import type { z } from 'zod';
import type { userPayloadSchema, userUpdatePayloadSchema } from '@sso/shared/contract';
import type { AdminDialect } from '../db/dialect-admin';
import type { Q } from '../db/store';
import { conflict, fieldError, notFound, notFoundAmong } from '../http/errors';
import { assertVersion } from '../http/versions';

export type UserInput = z.output<typeof userPayloadSchema>;
export type UserChanges = z.output<typeof userUpdatePayloadSchema>;
type CompanyInput = UserInput['perusahaan'][number];

/**
 * The users' writes on the data layer (ADR 0026). Each runs on `q`, the transaction of its privilege
 * guard (access/privilege.ts), so its checks, its write and the guard's checks commit or roll back
 * together; `dialect` is `store.admin` (a NIK is unique in any case).
 */

/** Checks the companies and units of a payload; answers the (company, branch) links to store. */
export async function resolveCompanyLinks(
  q: Q,
  perusahaan: readonly CompanyInput[],
): Promise<Map<number, Set<number>>> {
  const links = new Map<number, Set<number>>();
  for (const company of perusahaan) {
    // companies and branches are the reference data's tables (typed by the sign-in half).
    const { rows: found } = await sql`SELECT 1 FROM companies WHERE id = ${company.perusahaan_id}`.execute(q);
    if (found.length === 0)
      throw fieldError('perusahaan', `AP dengan id ${company.perusahaan_id} tidak ditemukan`);
    const branches = links.get(company.perusahaan_id) ?? new Set<number>();
    for (const { cabang_id } of company.cabang) {
      const { rows } = await sql<{
        company_id: number;
      }>`SELECT company_id FROM branches WHERE id = ${cabang_id}`.execute(q);
      if (rows[0]?.company_id !== company.perusahaan_id) {
        throw fieldError('perusahaan', `Unit dengan id ${cabang_id} bukan milik AP ${company.perusahaan_id}`);
      }
      branches.add(cabang_id);
    }
    links.set(company.perusahaan_id, branches);
  }
  return links;
}

/** Checks the role, companies and units of a payload; answers the (company, branch) links to store. */
async function resolveLinks(q: Q, roleIds: number[], perusahaan: CompanyInput[]) {
  const [roleId] = roleIds;
  const role =
    roleId === undefined
      ? undefined
      : await q.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst();
  if (roleId === undefined || !role) throw fieldError('role_ids', 'Role tidak ditemukan');
  return { roleId, links: await resolveCompanyLinks(q, perusahaan) };
}

async function assertNikFree(q: Q, dialect: AdminDialect, nik: string, exceptId: number): Promise<void> {
  const taken = await q
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.and([dialect.equalsNoCase(eb.ref('nik'), nik), eb('id', '<>', exceptId)]))
    .executeTakeFirst();
  if (taken) throw conflict('NIK sudah terdaftar', { nik: 'NIK sudah terdaftar' });
}

async function replaceLinks(q: Q, userId: number, links: Map<number, Set<number>>): Promise<void> {
  await q.deleteFrom('user_companies').where('user_id', '=', userId).execute();
  for (const [companyId, branches] of links) {
    await q.insertInto('user_companies').values({ user_id: userId, company_id: companyId }).execute();
    for (const branchId of branches) {
      await q
        .insertInto('user_branches')
        .values({ user_id: userId, company_id: companyId, branch_id: branchId })
        .execute();
    }
  }
}

/** POST users: a user without a password (they sign in through the SSO elsewhere). */
export async function createUser(q: Q, dialect: AdminDialect, input: UserInput, at: string): Promise<number> {
  await assertNikFree(q, dialect, input.nik, 0);
  const { roleId, links } = await resolveLinks(q, input.role_ids, input.perusahaan);
  const { id } = await q
    .insertInto('users')
    .values({
      nama: input.nama,
      nik: input.nik,
      phone: input.phone,
      email: input.email,
      role_id: roleId,
      password_hash: null,
      is_active: 1,
      client_group: 'internal',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceLinks(q, id, links);
  return id;
}

/**
 * PATCH users/{id}: fields present replace the stored ones (`perusahaan` replaces every link); a
 * `version` other than the stored one changes nothing (409).
 */
export async function updateUser(
  q: Q,
  dialect: AdminDialect,
  id: number,
  changes: UserChanges,
  at: string,
): Promise<void> {
  const existing = await q
    .selectFrom('users')
    .select(['id', 'nama', 'nik', 'phone', 'email', 'role_id', 'revision'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!existing) throw notFound('User tidak ditemukan');
  assertVersion(changes.version, existing.revision);
  const nik = changes.nik ?? existing.nik;
  if (nik !== existing.nik) await assertNikFree(q, dialect, nik, id);
  const { roleId, links } = await resolveLinks(
    q,
    changes.role_ids ?? [existing.role_id],
    changes.perusahaan ?? [],
  );
  await q
    .updateTable('users')
    .set((eb) => ({
      nama: changes.nama ?? existing.nama,
      nik,
      phone: changes.phone ?? existing.phone,
      email: changes.email ?? existing.email,
      role_id: roleId,
      updated_at: at,
      revision: eb('revision', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
  if (changes.perusahaan) await replaceLinks(q, id, links);
}

/** DELETE users/{id} and users/bulk: all or nothing; nobody deletes the account they are using. */
export async function deleteUsers(
  q: Q,
  dialect: AdminDialect,
  ids: readonly number[],
  currentUserId: number,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = new Set(
    (await q.selectFrom('users').select('id').where('id', 'in', dialect.idSet(unique)).execute()).map(
      (row) => row.id,
    ),
  );
  const missing = notFoundAmong(unique, found, 'User');
  if (missing) throw missing;
  if (found.has(currentUserId)) throw conflict('Tidak dapat menghapus akun yang sedang Anda gunakan');
  await q.deleteFrom('users').where('id', 'in', dialect.idSet(unique)).execute();
  return unique;
}
