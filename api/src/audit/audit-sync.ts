import type { Db } from '../db/database';
import { statementCache } from '../db/statements';
import type { NewAuditEvent } from './audit-store';
import type { TargetSnapshot } from './audit-targets';

/*
 * The synchronous twins of `recordEvent` and `describeUser`, for the one writer of events that
 * still runs inside a better-sqlite3 transaction: the users import's commit (users/bulk/user-import.ts),
 * whose rows, events and privilege check are one all-or-nothing transaction. This file goes when
 * that commit moves onto the data layer (ADR 0026); the SQL is the same as the async versions'.
 */

const inserts = statementCache<Array<string | number | null>>();
const clip = (value: string | null | undefined, max: number) =>
  value === null || value === undefined ? null : value.slice(0, max);

/** `recordEvent` on the SQLite connection, inside the caller's synchronous transaction. */
export function recordEventSync(db: Db, event: NewAuditEvent): void {
  inserts(
    db,
    `INSERT INTO audit_events (at, actor_id, actor_nik, actor_name, action, target_type, target_id,
       target_label, result, status, reason, changes, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    event.at,
    event.actor?.id ?? null,
    event.actor?.nik ?? null,
    event.actor?.name ?? null,
    event.action,
    event.target?.type ?? null,
    event.target?.id ?? null,
    clip(event.target?.label, 255),
    event.result,
    event.status,
    clip(event.reason, 500),
    event.changes.length > 0 ? JSON.stringify(event.changes) : null,
    clip(event.ip, 64),
    clip(event.userAgent, 300),
  );
}

type UserRow = { nama: string; nik: string; phone: string; email: string; role: string; is_active: number };
const userRow = statementCache<[number], UserRow>();
const textList = statementCache<[number], string>((stmt) => stmt.pluck());
const joined = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : null);

/** `describeUser` (describers.ts) on the SQLite connection: the same fields from the same SQL. */
export function describeUserSync(db: Db, id: number): TargetSnapshot | null {
  const row = userRow(
    db,
    `SELECT u.nama, u.nik, u.phone, u.email, r.name AS role, u.is_active
     FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ?`,
  ).get(id);
  if (!row) return null;
  const companies = textList(
    db,
    `SELECT c.nama FROM user_companies uc JOIN companies c ON c.id = uc.company_id
     WHERE uc.user_id = ? ORDER BY c.nama`,
  ).all(id);
  const branches = textList(
    db,
    `SELECT b.name FROM user_branches ub JOIN branches b ON b.id = ub.branch_id
     WHERE ub.user_id = ? ORDER BY b.name`,
  ).all(id);
  return {
    label: row.nama,
    fields: {
      Nama: row.nama,
      NIK: row.nik,
      'Nomor HP': row.phone,
      Email: row.email === '' ? null : row.email,
      Role: row.role,
      Perusahaan: joined(companies),
      Unit: joined(branches),
      Status: row.is_active === 1 ? 'Aktif' : 'Nonaktif',
    },
  };
}
