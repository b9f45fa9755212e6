import { sql } from 'kysely';
import type { Q } from '../db/store';

/** The columns login and recovery need; never sent to a client as is. */
export interface Account {
  id: number;
  nik: string;
  phone: string;
  password_hash: string | null;
  is_active: number;
}

/** What the sign-in side reads of a user by id (names for the activity log, the strength check). */
export interface UserBasics {
  nik: string;
  nama: string;
  phone: string;
  email: string | null;
  password_hash: string | null;
  is_active: number;
}

// The users table is the administration side's: read here with the `sql` tag (ADR 0026).
const accountColumns = sql`id, nik, phone, password_hash, is_active`;

export async function findAccountByNik(q: Q, nik: string): Promise<Account | undefined> {
  const { rows } = await sql<Account>`SELECT ${accountColumns} FROM users WHERE nik = ${nik}`.execute(q);
  return rows[0];
}

/** `+62…` and `62…` are the same number as `0…`. Several users may share a phone: the oldest wins. */
export async function findAccountByPhone(q: Q, phone: string): Promise<Account | undefined> {
  const local = phone.replace(/^\+?62/, '0');
  const { rows } = await sql<Account>`SELECT ${accountColumns} FROM users WHERE phone IN (${phone}, ${local})
    ORDER BY is_active DESC, id LIMIT 1`.execute(q);
  return rows[0];
}

export async function findAccountById(q: Q, userId: number): Promise<Account | undefined> {
  const { rows } = await sql<Account>`SELECT ${accountColumns} FROM users WHERE id = ${userId}`.execute(q);
  return rows[0];
}

export async function userBasics(q: Q, userId: number): Promise<UserBasics | undefined> {
  const { rows } = await sql<UserBasics>`SELECT nik, nama, phone, email, password_hash, is_active
    FROM users WHERE id = ${userId}`.execute(q);
  return rows[0];
}

export async function setPasswordHash(q: Q, userId: number, hash: string, updatedAt: string): Promise<void> {
  await sql`UPDATE users SET password_hash = ${hash}, updated_at = ${updatedAt} WHERE id = ${userId}`.execute(
    q,
  );
}

/** A stronger hash of the same password (at sign-in): not an edit of the record, so no updated_at. */
export async function upgradePasswordHash(q: Q, userId: number, hash: string): Promise<void> {
  await sql`UPDATE users SET password_hash = ${hash} WHERE id = ${userId}`.execute(q);
}
