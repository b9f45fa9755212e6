import { sql } from 'kysely';
import type { Q } from '../db/store';

export interface ApplicationRow {
  id: number;
  name: string;
  descriptions: string | null;
  url: string;
  logo_file: string;
}

// The applications are the administration side's table: read here with the `sql` tag (ADR 0026).
const columns = sql`a.id, a.name, a.descriptions, a.url, a.logo_file`;

export async function listApplications(q: Q): Promise<ApplicationRow[]> {
  return (await sql<ApplicationRow>`SELECT ${columns} FROM applications a ORDER BY a.id`.execute(q)).rows;
}

export async function findApplication(q: Q, id: number): Promise<ApplicationRow | undefined> {
  return (await sql<ApplicationRow>`SELECT ${columns} FROM applications a WHERE a.id = ${id}`.execute(q))
    .rows[0];
}

/** Applications the user's role grants. */
export async function grantedApplications(q: Q, userId: number): Promise<ApplicationRow[]> {
  const { rows } = await sql<ApplicationRow>`
    SELECT ${columns} FROM users u
    JOIN role_apps ra ON ra.role_id = u.role_id
    JOIN applications a ON a.id = ra.app_id
    WHERE u.id = ${userId} ORDER BY a.id`.execute(q);
  return rows;
}
