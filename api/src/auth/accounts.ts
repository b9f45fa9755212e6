import type { Db } from '../db/database';

/** The columns login and recovery need; never sent to a client as is. */
export interface Account {
  id: number;
  nik: string;
  phone: string;
  password_hash: string | null;
  is_active: number;
}

const columns = 'id, nik, phone, password_hash, is_active';

export function findAccountByNik(db: Db, nik: string): Account | undefined {
  return db.prepare<[string], Account>(`SELECT ${columns} FROM users WHERE nik = ?`).get(nik);
}

/** `+62…` and `62…` are the same number as `0…`. Several users may share a phone: the oldest wins. */
export function findAccountByPhone(db: Db, phone: string): Account | undefined {
  const local = phone.replace(/^\+?62/, '0');
  return db
    .prepare<[string, string], Account>(
      `SELECT ${columns} FROM users WHERE phone IN (?, ?) ORDER BY is_active DESC, id LIMIT 1`,
    )
    .get(phone, local);
}

export function setPasswordHash(db: Db, userId: number, hash: string, updatedAt: string): void {
  db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(hash, updatedAt, userId);
}

/** A stronger hash of the same password (at sign-in): not an edit of the record, so no updated_at. */
export function upgradePasswordHash(db: Db, userId: number, hash: string): void {
  db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, userId);
}
