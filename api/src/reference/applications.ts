import type { Db } from '../db/database';

export interface ApplicationRow {
  id: number;
  name: string;
  descriptions: string | null;
  url: string;
  logo_file: string;
}

const columns = 'a.id, a.name, a.descriptions, a.url, a.logo_file';

export function listApplications(db: Db): ApplicationRow[] {
  return db.prepare<[], ApplicationRow>(`SELECT ${columns} FROM applications a ORDER BY a.id`).all();
}

export function findApplication(db: Db, id: number): ApplicationRow | undefined {
  return db.prepare<[number], ApplicationRow>(`SELECT ${columns} FROM applications a WHERE a.id = ?`).get(id);
}

/** Applications the user's role grants. */
export function grantedApplications(db: Db, userId: number): ApplicationRow[] {
  return db
    .prepare<[number], ApplicationRow>(
      `SELECT ${columns} FROM users u
       JOIN role_apps ra ON ra.role_id = u.role_id
       JOIN applications a ON a.id = ra.app_id
       WHERE u.id = ? ORDER BY a.id`,
    )
    .all(userId);
}
