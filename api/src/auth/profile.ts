import type { MeData, UserUnit } from '@sso/shared/contract';
import type { Db } from '../db/database';
import { loadRoleApplicationsSync } from '../roles/role-grants';

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

/** GET api/me: the account, its role, the role's menu tree and the user's units. */
export function loadProfile(db: Db, userId: number, logoUrl: (file: string) => string): MeData | null {
  const row = db
    .prepare<[number], ProfileRow>(
      `SELECT u.id, u.nik, u.nama, u.phone, u.email, u.is_active, u.created_at, u.updated_at, u.client_group,
              r.id AS role_id, r.name AS role_name, r.position AS role_position
       FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ?`,
    )
    .get(userId);
  if (!row) return null;
  const units = db
    .prepare<[number], UserUnit>(
      `SELECT c.id AS perusahaan_id, c.nama AS perusahaan_name, b.id AS cabang_id, b.name AS cabang_name,
              b.kode AS cabang_kode
       FROM user_branches ub JOIN companies c ON c.id = ub.company_id JOIN branches b ON b.id = ub.branch_id
       WHERE ub.user_id = ? ORDER BY c.sort_key, c.id, b.name COLLATE NOCASE, b.id`,
    )
    .all(userId);
  return {
    user: {
      id: row.id,
      nik: row.nik,
      name: row.nama,
      phone: row.phone,
      email: row.email,
      is_active: row.is_active === 1,
      created_at: row.created_at,
      updated_at: row.updated_at,
      client_group: row.client_group,
    },
    roles: [{ id: row.role_id, name: row.role_name, position: row.role_position }],
    user_menu: loadRoleApplicationsSync(db, [row.role_id], logoUrl).get(row.role_id) ?? [],
    user_unit: units,
  };
}
