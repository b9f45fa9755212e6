import type { MeData, UserUnit } from '@sso/shared/contract';
import { sql } from 'kysely';
import type { Store } from '../db/store';
import { loadRoleApplications } from '../roles/role-grants';

interface ProfileRow {
  id: number;
  nik: string;
  nama: string;
  phone: string;
  email: string;
  is_active: number;
  created_at: string;
  updated_at: string;
  client_group: string | null;
  role_id: number;
  role_name: string;
  role_position: number;
}

/**
 * GET api/me: the account, its role, the role's menu tree and the user's units.
 */
export async function loadProfile(
  store: Store,
  userId: number,
  logoUrl: (file: string) => string,
): Promise<MeData | null> {
  const { rows } = await sql<ProfileRow>`
    SELECT u.id, u.nik, u.nama, u.phone, u.email, u.is_active, u.created_at, u.updated_at, u.client_group,
      r.id AS role_id, r.name AS role_name, r.position AS role_position
    FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ${userId}`.execute(store.db);
  const row = rows[0];
  if (!row) return null;
  const { rows: units } = await sql<UserUnit>`
    SELECT c.id AS perusahaan_id, c.nama AS perusahaan_name, b.id AS cabang_id, b.name AS cabang_name,
      b.kode AS cabang_kode
    FROM user_branches ub JOIN companies c ON c.id = ub.company_id JOIN branches b ON b.id = ub.branch_id
    WHERE ub.user_id = ${userId} ORDER BY c.sort_key, c.id, ${store.caseless('b.name')}, b.id`.execute(
    store.db,
  );
  return {
    user: {
      id: row.id,
      nik: row.nik,
      name: row.nama,
      phone: row.phone,
      email: row.email,
      is_active: Number(row.is_active) === 1,
      created_at: row.created_at,
      updated_at: row.updated_at,
      client_group: row.client_group,
    },
    roles: [{ id: row.role_id, name: row.role_name, position: row.role_position }],
    user_menu: (await loadRoleApplications(store.db, [row.role_id], logoUrl)).get(row.role_id) ?? [],
    user_unit: units,
  };
}
