import {
  ESCALATION_MESSAGE,
  OUTSIDE_SCOPE_MESSAGE,
  OWN_ROLE_MESSAGE,
  USER_CSV_COLUMNS,
  USER_CSV_LIST_SEPARATOR,
  USER_IMPORT_REQUIRED_COLUMNS,
  USER_TAKEOVER_MESSAGE,
  foldName,
  userPayloadSchema,
  type ImportRow,
  type UserCsvColumn,
  type UserPayload,
} from '@sso/shared/contract';
import { sql } from 'kysely';
import type { Store } from '../../db/store';
import { unprocessable } from '../../http/errors';
import type { UserInput } from '../user-writes';
import { actorScopeOf, allowsLinks, visibleUsers } from '../../access/admin-scope';

/*
 * One import row from CSV cells to a checked payload: the same zod contract as Tambah User
 * (`userPayloadSchema`), the role and the APs and units resolved by name or code, the privilege
 * rules (the role is one the actor may give; an existing user is one the actor covers; nobody
 * changes their own role), duplicates inside the file and against existing users.
 */

/** Where each column is in the file. */
export type ColumnIndex = Readonly<Partial<Record<UserCsvColumn, number>>>;

/** Reads the header row: every required column present (in any order, any letter case). */
export function columnIndexOf(header: readonly string[]): ColumnIndex {
  const names = header.map((cell) =>
    cell
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  const index: Partial<Record<UserCsvColumn, number>> = {};
  for (const column of USER_CSV_COLUMNS) {
    const at = names.indexOf(column.toLowerCase());
    if (at >= 0) index[column] = at;
  }
  const missing = USER_IMPORT_REQUIRED_COLUMNS.filter((column) => index[column] === undefined);
  if (missing.length > 0) {
    throw unprocessable(
      `Header berkas tidak sesuai template: kolom ${missing.join(', ')} tidak ada. Baris pertama harus berisi: ${USER_CSV_COLUMNS.join(', ')}.`,
    );
  }
  return index;
}

/**
 * A cell as the import reads it: trimmed, and without the apostrophe an export puts before a
 * value a spreadsheet would read as a formula (so an exported file imports as it was).
 */
export function cellValue(cells: readonly string[], at: number | undefined): string {
  const raw = at === undefined ? '' : (cells[at] ?? '');
  return raw.replace(/^'(?=[\s=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/, '').trim();
}

/** A value a spreadsheet would run as a formula (=, +, -, @, also their full-width forms). */
const FORMULA = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

const listOf = (cell: string) =>
  cell
    .split(USER_CSV_LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');

interface Branch {
  id: number;
  company_id: number;
  name: string;
  kode: string;
}

export interface ExistingUser {
  id: number;
  nik: string;
  nama: string;
  phone: string;
  email: string;
  role_id: number;
  revision: number;
}

/** A row that passes: what to write. */
export interface ImportableRow {
  row: number;
  action: 'create' | 'update';
  /** For an update: the user and the version the check read. */
  id?: number;
  revision?: number;
  input: UserInput;
}

/** The lookups of one check: read once, then each row is a few map reads and one NIK query. */
export async function createRowChecker(
  store: Store,
  actorId: number,
  covered: ReadonlySet<number>,
  updateExisting: boolean,
) {
  const q = store.db;
  // Administration per company (admin-scope.ts): the rows' APs and units, and the users they update.
  const scope = await actorScopeOf(store, actorId);
  const roles = await q.selectFrom('roles').select(['id', 'name']).execute();
  const roleByName = new Map<string, { id: number; name: string }[]>();
  for (const role of roles) {
    const key = foldName(role.name);
    roleByName.set(key, [...(roleByName.get(key) ?? []), role]);
  }
  // companies and branches are the reference data's tables (typed by the sign-in half).
  const { rows: companies } = await sql<{ id: number; nama: string }>`SELECT id, nama FROM companies`.execute(
    q,
  );
  const companyByName = new Map<string, { id: number; nama: string }[]>();
  for (const company of companies) {
    const key = foldName(company.nama);
    companyByName.set(key, [...(companyByName.get(key) ?? []), company]);
  }
  const { rows: branches } = await sql<Branch>`SELECT id, company_id, name, kode FROM branches`.execute(q);
  const branchesByCode = new Map<string, Branch[]>();
  const branchesByName = new Map<string, Branch[]>();
  for (const branch of branches) {
    const code = branch.kode.trim().toLowerCase();
    branchesByCode.set(code, [...(branchesByCode.get(code) ?? []), branch]);
    const name = foldName(branch.name);
    branchesByName.set(name, [...(branchesByName.get(name) ?? []), branch]);
  }
  const userByNik = (nik: string): Promise<ExistingUser | undefined> =>
    q
      .selectFrom('users')
      .select(['id', 'nik', 'nama', 'phone', 'email', 'role_id', 'revision'])
      .where((eb) => store.admin.equalsNoCase(eb.ref('nik'), nik))
      .executeTakeFirst();
  const linksOf = (userId: number) =>
    q
      .selectFrom('user_companies as uc')
      .leftJoin('user_branches as ub', (join) =>
        join.onRef('ub.user_id', '=', 'uc.user_id').onRef('ub.company_id', '=', 'uc.company_id'),
      )
      .select(['uc.company_id', 'ub.branch_id'])
      .where('uc.user_id', '=', userId)
      .execute();
  const seenNik = new Map<string, number>();
  const seenPhone = new Map<string, number>();

  /** Whether an update would change nothing (the same fields, the same APs and units). */
  const unchanged = async (user: ExistingUser, input: UserInput) => {
    if (
      user.nama !== input.nama ||
      user.phone !== input.phone ||
      user.email !== input.email ||
      user.role_id !== input.role_ids[0]
    ) {
      return false;
    }
    const stored = new Set((await linksOf(user.id)).map((l) => `${l.company_id}.${l.branch_id ?? ''}`));
    const wanted = new Set(
      input.perusahaan.flatMap((c) =>
        c.cabang.length === 0
          ? [`${c.perusahaan_id}.`]
          : c.cabang.map((b) => `${c.perusahaan_id}.${b.cabang_id}`),
      ),
    );
    if (stored.size !== wanted.size) return false;
    for (const key of wanted) if (!stored.has(key)) return false;
    return true;
  };

  /** Checks one data row: the preview row, and what to write when it passes. */
  return async function checkRow(
    row: number,
    cells: readonly string[],
    columns: ColumnIndex,
  ): Promise<{ preview: ImportRow; importable?: ImportableRow }> {
    const value = (column: UserCsvColumn) => cellValue(cells, columns[column]);
    const nik = value('NIK');
    const nama = value('Nama');
    const roleText = value('Role');
    const apText = value('AP');
    const unitCodes = value('Kode Unit');
    const unitNames = value('Unit');
    const problems: string[] = [];
    const preview = (action: ImportRow['action']): ImportRow => ({
      row,
      action,
      nik,
      nama,
      role: roleText,
      ap: apText,
      unit: unitCodes || unitNames,
      problems,
    });

    for (const column of ['Nama', 'Email', 'Role', 'AP', 'Kode Unit', 'Unit'] as const) {
      const text = value(column);
      if (FORMULA.test(text)) {
        problems.push(`${column} diawali "${text[0]}": isi seperti rumus spreadsheet tidak diterima`);
      }
    }

    // Role: by name, as Tambah User lists them; one the actor may give.
    let roleId: number | undefined;
    if (roleText !== '' && !FORMULA.test(roleText)) {
      const found = roleByName.get(foldName(roleText)) ?? [];
      if (found.length === 0) problems.push(`Role "${roleText}" tidak ditemukan`);
      else if (found.length > 1) problems.push(`Role "${roleText}" tidak jelas: ada lebih dari satu`);
      else {
        roleId = found[0]?.id;
        if (roleId !== undefined && !covered.has(roleId)) problems.push(ESCALATION_MESSAGE);
      }
    }

    // APs by name; units by code (or by name when no code is given), each inside one of the row's APs.
    const perusahaan = new Map<number, { perusahaan_id: number; cabang: { cabang_id: number }[] }>();
    for (const name of listOf(apText)) {
      if (FORMULA.test(name)) continue;
      const found = companyByName.get(foldName(name)) ?? [];
      if (found.length === 0) problems.push(`AP "${name}" tidak ditemukan`);
      else if (found.length > 1) problems.push(`AP "${name}" tidak jelas: ada lebih dari satu`);
      else if (found[0]) perusahaan.set(found[0].id, { perusahaan_id: found[0].id, cabang: [] });
    }
    const byCode = unitCodes !== '';
    for (const unit of listOf(byCode ? unitCodes : unitNames)) {
      if (FORMULA.test(unit)) continue;
      const all =
        (byCode ? branchesByCode.get(unit.toLowerCase()) : branchesByName.get(foldName(unit))) ?? [];
      const inAps = all.filter((branch) => perusahaan.has(branch.company_id));
      if (all.length === 0) problems.push(`Unit "${unit}" tidak ditemukan`);
      else if (inAps.length === 0) problems.push(`Unit "${unit}" bukan milik AP yang dipilih`);
      else if (inAps.length > 1)
        problems.push(`Unit "${unit}" ada lebih dari satu di AP yang dipilih: gunakan Kode Unit`);
      else if (inAps[0]) {
        const entry = perusahaan.get(inAps[0].company_id);
        if (entry && !entry.cabang.some((b) => b.cabang_id === inAps[0]?.id)) {
          entry.cabang.push({ cabang_id: inAps[0].id });
        }
      }
    }

    if (perusahaan.size > 0 && !allowsLinks(scope, [...perusahaan.values()])) {
      problems.push(OUTSIDE_SCOPE_MESSAGE);
    }

    // The contract of Tambah User: required fields, NIK and phone formats, name characters, e-mail.
    const payload: UserPayload = {
      nama,
      nik,
      phone: value('Nomor HP'),
      email: value('Email'),
      role_ids: roleId === undefined ? [] : [roleId],
      perusahaan: [...perusahaan.values()],
    };
    const parsed = userPayloadSchema.safeParse(payload);
    if (!parsed.success) {
      // One message per field, the first (an empty NIK is "tidak boleh kosong", not also its format).
      const fields = new Set<PropertyKey>();
      for (const issue of parsed.error.issues) {
        if (fields.has(issue.path[0] ?? '')) continue;
        fields.add(issue.path[0] ?? '');
        // A role or AP named but not found already has its message.
        if (issue.path[0] === 'role_ids' && roleText !== '') continue;
        if (issue.path[0] === 'perusahaan' && apText !== '') continue;
        if (!problems.includes(issue.message)) problems.push(issue.message);
      }
    }

    // Duplicates inside the file (NIK in any letter case, as the database compares it; phone).
    const nikKey = nik.toLowerCase();
    const phoneKey = payload.phone;
    if (nik !== '') {
      const first = seenNik.get(nikKey);
      if (first !== undefined) problems.push(`NIK sama dengan baris ${first}`);
      else seenNik.set(nikKey, row);
    }
    if (phoneKey !== '') {
      const first = seenPhone.get(phoneKey);
      if (first !== undefined) problems.push(`Nomor HP sama dengan baris ${first}`);
      else seenPhone.set(phoneKey, row);
    }

    // Against existing users: a NIK taken is an update when asked for, under the privilege rules.
    const existing = nik === '' ? undefined : await userByNik(nik);
    if (existing) {
      if (!updateExisting) {
        problems.push('NIK sudah terdaftar (aktifkan "Perbarui user yang sudah ada" untuk memperbarui)');
      } else if (!(await visibleUsers(store, scope, [existing.id])).has(existing.id)) {
        // Outside the actor's scope: taken, and nothing more is told.
        problems.push('NIK sudah terdaftar');
      } else if (!covered.has(existing.role_id)) {
        problems.push(USER_TAKEOVER_MESSAGE);
      } else if (existing.id === actorId && roleId !== undefined && roleId !== existing.role_id) {
        problems.push(OWN_ROLE_MESSAGE);
      }
    }

    if (problems.length > 0 || !parsed.success) return { preview: preview('error') };
    const input = parsed.data;
    if (existing) {
      if (await unchanged(existing, input)) return { preview: preview('unchanged') };
      return {
        preview: preview('update'),
        importable: { row, action: 'update', id: existing.id, revision: existing.revision, input },
      };
    }
    return { preview: preview('create'), importable: { row, action: 'create', input } };
  };
}
