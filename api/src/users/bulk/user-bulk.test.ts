import { request as httpRequest } from 'node:http';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ESCALATION_MESSAGE,
  OWN_ROLE_MESSAGE,
  USER_CSV_COLUMNS,
  USER_TAKEOVER_MESSAGE,
  auditListResponseSchema,
  auditPaths,
  bulkUserChangeResponseSchema,
  importCheckResponseSchema,
  importResultResponseSchema,
  paths,
  userBulkPaths,
  type ImportCheck,
} from '@sso/shared/contract';
import { createAccount } from '../../test-support/accounts';
import {
  MODIFIER_2,
  call,
  csvLines,
  expectError,
  expectOk,
  listUsers,
  openSession,
} from '../../test-support/http';
import { useAdminTestApp } from '../../test-support/test-app';
import { readRow, readRows } from '../../test-support/test-rows';
import { NOT_TEXT_MESSAGE } from './csv-upload';
import { IMPORT_DONE_MESSAGE } from './user-import';

const t = useAdminTestApp();
const portOf = () => {
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/** The seeded data the files name: an AP with two units, another AP, role names. */
let ap: { id: number; nama: string };
let units: { id: number; kode: string; name: string }[];
let otherAp: { id: number; nama: string };
const userCount = async () => (await readRow(t, sql<{ n: number }>`SELECT COUNT(*) AS n FROM users`))?.n ?? 0;

beforeAll(async () => {
  const companies = await readRows(
    t,
    sql<{ id: number; nama: string }>`SELECT id, nama FROM companies ORDER BY id`,
  );
  ap = companies[0] as { id: number; nama: string };
  otherAp = companies[1] as { id: number; nama: string };
  units = await readRows(
    t,
    sql<{
      id: number;
      kode: string;
      name: string;
    }>`SELECT id, kode, name FROM branches WHERE company_id = ${ap.id} ORDER BY id LIMIT 2`,
  );
});

const HEADER = USER_CSV_COLUMNS.join(',');
let serial = 0;
/** A valid row (NIK, Nama, Nomor HP, Email, Role, AP, Kode Unit, Unit, Status, Terakhir Masuk). */
const row = (overrides: Partial<Record<(typeof USER_CSV_COLUMNS)[number], string>> = {}) => {
  serial += 1;
  const cells = {
    NIK: `IMP-${serial}`,
    Nama: `Karyawan Impor ${serial}`,
    'Nomor HP': `0877${String(serial).padStart(8, '0')}`,
    Email: `impor${serial}@contoh.co.id`,
    Role: 'Viewer',
    AP: ap.nama,
    'Kode Unit': units[0]?.kode ?? '',
    Unit: '',
    Status: '',
    'Terakhir Masuk': '',
    ...overrides,
  };
  return USER_CSV_COLUMNS.map((column) => {
    const value = cells[column];
    return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  }).join(',');
};

const check = (
  csv: string,
  options: { update?: boolean; token?: string; headers?: Record<string, string> } = {},
) =>
  call(t.app, 'POST', userBulkPaths.importCheck, {
    token: options.token ?? t.token,
    rawBody: csv,
    headers: { 'content-type': 'text/csv', ...options.headers },
    query: options.update ? { update_existing: 1 } : {},
  });
const checked = async (
  csv: string,
  options: { update?: boolean; token?: string } = {},
): Promise<ImportCheck> => expectOk(await check(csv, options), importCheckResponseSchema).data;
const commit = (token: string, bearer = t.token) =>
  call(t.app, 'POST', userBulkPaths.importCommit, { token: bearer, body: { token } });

describe('the template', () => {
  it('is the export header with one example row that imports as it is', async () => {
    const reply = await call(t.app, 'GET', userBulkPaths.importTemplate, { token: t.token });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/csv');
    const raw = Buffer.from(
      await (
        await fetch(`http://127.0.0.1:${portOf()}/api/v1/sso${userBulkPaths.importTemplate}`, {
          headers: { authorization: `Bearer ${t.token}` },
        })
      ).arrayBuffer(),
    );
    // The byte order mark first: spreadsheet programs then read the file as UTF-8.
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = reply.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3);
    const result = await checked(reply.body);
    expect(result.counts).toEqual({ total: 1, create: 1, update: 0, unchanged: 0, error: 0 });
  });
});

describe('checking a file', () => {
  it('names every problem with its row, as Tambah User would, and writes nothing', async () => {
    const before = await userCount();
    const csv = [
      HEADER,
      row(), // 2: fine
      row({ NIK: '' }), // 3
      row({ 'Nomor HP': '12ab' }), // 4
      row({ Role: 'Tidak Ada' }), // 5
      row({ AP: 'PT Tidak Ada' }), // 6
      row({ AP: otherAp.nama }), // 7: the unit is not of this AP
      row({ NIK: 'IMP-1' }), // 8: the NIK of row 2
      row({ NIK: '100002' }), // 9: an existing user, update off
      row({ Nama: '=HYPERLINK("http://x","klik")' }), // 10
      row({ Nama: 'Nama\u0007Kontrol' }), // 11
      row({ AP: '' }), // 12
    ].join('\n');
    const result = await checked(csv);
    const problems = Object.fromEntries(result.rows.map((r) => [r.row, r.problems]));
    expect(result.counts).toEqual({ total: 11, create: 1, update: 0, unchanged: 0, error: 10 });
    expect(problems[2]).toEqual([]);
    expect(problems[3]).toContain('NIK tidak boleh kosong');
    expect(problems[4]).toContain('Nomor HP tidak valid');
    expect(problems[5]).toContain('Role "Tidak Ada" tidak ditemukan');
    expect(problems[6]).toContain('AP "PT Tidak Ada" tidak ditemukan');
    expect(problems[7]).toContain(`Unit "${units[0]?.kode}" bukan milik AP yang dipilih`);
    expect(problems[8]).toContain('NIK sama dengan baris 2');
    expect(problems[9]?.[0]).toMatch(/^NIK sudah terdaftar/);
    expect(problems[10]?.[0]).toMatch(/^Nama diawali "=": isi seperti rumus/);
    expect(problems[11]).toContain('Nama tidak boleh berisi karakter kontrol atau karakter tak terlihat');
    expect(problems[12]).toContain('Minimal pilih 1 AP');
    // "Unduh baris bermasalah": the failed rows as they were, with their reasons.
    const failed = csvLines(result.problems_csv ?? '');
    expect(failed[0]).toBe(`Baris,${HEADER},Alasan`);
    expect(failed).toHaveLength(11);
    expect(failed[1]).toMatch(/^3,,Karyawan Impor .*,NIK tidak boleh kosong$/);
    expect(failed[8]).toContain(`"'=HYPERLINK(""http://x"",""klik"")"`);
    expect(await userCount()).toBe(before);
  });

  it('reads a semicolon file with a byte order mark, units by name, look-alike names folded', async () => {
    const header = USER_CSV_COLUMNS.join(';');
    const fullWidth = 'Ｖｉｅｗｅｒ';
    const line = [
      `SEMI-1`,
      'Budi; Santoso',
      '081200000001',
      '',
      fullWidth,
      ap.nama.toUpperCase(),
      '',
      units[1]?.name ?? '',
      '',
      '',
    ];
    const csv = `\uFEFF${header}\r\n${line.map((cell) => (cell.includes(';') ? `"${cell}"` : cell)).join(';')}\r\n`;
    const result = await checked(csv);
    expect(result.rows[0]?.problems).toEqual([]);
    expect(result.counts.create).toBe(1);
  });

  it('refuses a role the actor may not give and a user the actor does not cover', async () => {
    const session = await openSession(t.app, MODIFIER_2);
    const result = await checked(
      [HEADER, row({ Role: 'Super Admin' }), row({ Role: 'Viewer' }), row({ NIK: '100001' })].join('\n'),
      { token: session.accessToken, update: true },
    );
    expect(result.rows.map((r) => r.problems)).toEqual([[ESCALATION_MESSAGE], [], [USER_TAKEOVER_MESSAGE]]);
  });

  it("refuses a change of the actor's own role", async () => {
    const result = await checked([HEADER, row({ NIK: '100001', Role: 'Viewer' })].join('\n'), {
      update: true,
    });
    expect(result.rows[0]?.problems).toEqual([OWN_ROLE_MESSAGE]);
  });

  it.each([
    ['an empty file', '', 422, /Berkas kosong/],
    ['a header only', HEADER, 422, /tidak berisi data user/],
    ['a wrong header', 'nama;alamat\nBudi;Jakarta', 422, /kolom NIK, Nomor HP, Email, Role, AP tidak ada/],
    ['a binary file', '\u0000\u0001PNG\u0000binary', 422, /bukan CSV teks/],
    ['an unclosed quote', `${HEADER}\n"IMP,x`, 422, /tidak dapat dibaca/],
  ])('answers %s with a clear message', async (_what, body, status, message) => {
    expect(expectError(await check(body), status).message).toMatch(message);
  });

  it('refuses bytes that are not UTF-8 (a file saved in another encoding)', async () => {
    const reply = await fetch(`http://127.0.0.1:${portOf()}/api/v1/sso${userBulkPaths.importCheck}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'text/csv' },
      body: Buffer.concat([Buffer.from(`${HEADER}\nIMP-X,Jos`), Buffer.from([0xe9]), Buffer.from('\n')]),
    });
    expect(reply.status).toBe(422);
    expect(((await reply.json()) as { message: string }).message).toBe(NOT_TEXT_MESSAGE);
  });

  it('refuses more than 10,000 rows and a file over the size limit', async () => {
    const rows = Array.from(
      { length: 10_001 },
      (_, i) => `R${i},Nama ${i},0811${String(i).padStart(8, '0')},,Viewer,${ap.nama},,,,`,
    );
    expect(expectError(await check([HEADER, ...rows].join('\n')), 422).message).toBe(
      'Berkas berisi lebih dari 10.000 baris data. Bagi berkas menjadi beberapa bagian.',
    );
    const big = `${HEADER}\n${'x'.repeat(6 * 1024 * 1024)}`;
    expect(expectError(await check(big), 413).message).toMatch(/melebihi batas 5 MB/);
    // 10,000 rows are checked as they arrive (a look-up each: ~2 s on PostgreSQL) before the one too many.
  }, 20_000);

  it('counts the bytes of an upload without a length as they arrive (413 past 5 MB)', async () => {
    // A chunked upload of up to 100 MB, as a client that sends no Content-Length: the api answers
    // once 5 MB have arrived; the client stops sending when the answer comes.
    const chunk = Buffer.from(`${'x'.repeat(1023)}\n`);
    let sent = 0;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      let answered = false;
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: portOf(),
          method: 'POST',
          path: `/api/v1/sso${userBulkPaths.importCheck}`,
          headers: {
            authorization: `Bearer ${t.token}`,
            'content-type': 'text/csv',
            'transfer-encoding': 'chunked',
          },
        },
        (response) => {
          answered = true;
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }),
          );
        },
      );
      request.on('error', (error) => (answered ? undefined : reject(error)));
      request.write(`${HEADER}\n`);
      const pump = () => {
        while (!answered && sent < 100 * 1024 * 1024) {
          sent += chunk.length;
          if (!request.write(chunk)) {
            request.once('drain', pump);
            return;
          }
        }
        request.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('melebihi batas 5 MB');
    expect(sent).toBeLessThan(100 * 1024 * 1024);
  }, 30_000);

  it('needs the add capability of Daftar User (a viewer is 403)', async () => {
    const viewer = await openSession(t.app, { nik: '100002', password: 'password123' });
    expect((await check(HEADER, { token: viewer.accessToken })).statusCode).toBe(403);
  });
});

describe('importing', () => {
  it('writes every valid row in one transaction, one event per user and one for the import; once', async () => {
    const csv = [HEADER, row(), row(), row({ Role: 'Tidak Ada' })].join('\n');
    const result = await checked(csv);
    expect(result.counts).toMatchObject({ create: 2, error: 1 });
    const done = expectOk(await commit(result.token ?? ''), importResultResponseSchema).data;
    expect(done).toMatchObject({ created: 2, updated: 0 });
    const users = await listUsers(t.app, t.token, { keyword: result.rows[0]?.nik ?? '' });
    expect(users.data.map((u) => u.nama)).toEqual([result.rows[0]?.nama]);
    // A second "Impor" of the same check (two tabs, a double click) writes nothing more.
    expect(expectError(await commit(result.token ?? ''), 409).message).toBe(IMPORT_DONE_MESSAGE);

    const events = expectOk(
      await call(t.app, 'GET', auditPaths.list, { token: t.token, query: { perPage: 10 } }),
      auditListResponseSchema,
    ).data;
    const actions = events.map((e) => e.action);
    expect(actions.filter((a) => a === 'user.import')).toHaveLength(2); // done, then refused
    const created = events.filter((e) => e.action === 'user.create').map((e) => Number(e.target_id));
    expect(created.sort()).toEqual([...done.ids].sort());
  });

  it('writes nothing when the data changed since the check (all or nothing)', async () => {
    const first = row();
    const nik = first.split(',')[0] ?? '';
    const result = await checked([HEADER, row(), first].join('\n'));
    // Someone adds the same NIK in between.
    expect(
      (
        await call(t.app, 'POST', paths.users.create, {
          token: t.token,
          body: {
            nama: 'Sela',
            nik,
            phone: '081299999999',
            email: '',
            role_ids: [2],
            perusahaan: [{ perusahaan_id: ap.id, cabang: [] }],
          },
        })
      ).statusCode,
    ).toBe(201);
    const before = await userCount();
    expect(expectError(await commit(result.token ?? ''), 409).message).toMatch(
      /berubah sejak berkas diperiksa \(baris 3\)/,
    );
    expect(await userCount()).toBe(before);
  });

  it('is refused for another administrator and for an unknown token', async () => {
    const result = await checked([HEADER, row()].join('\n'));
    const other = await openSession(t.app, MODIFIER_2);
    expect(expectError(await commit(result.token ?? '', other.accessToken), 404).message).toMatch(
      /tidak ditemukan/,
    );
    expect(expectError(await commit('x'.repeat(32)), 404).message).toMatch(/tidak ditemukan/);
  });
});

describe('export', () => {
  it('is exactly the filtered users with BOM, neutralised formulas, and re-imports as no change', async () => {
    const nama = `=SUM(1,2) Ekspor ${Date.now()}`;
    // A name a spreadsheet would run; Tambah User accepts it (it is text), the export neutralises it.
    expect(
      (
        await call(t.app, 'POST', paths.users.create, {
          token: t.token,
          body: {
            nama,
            nik: 'EXP-1',
            phone: '+6281200000077',
            email: '',
            role_ids: [3],
            perusahaan: [{ perusahaan_id: ap.id, cabang: [{ cabang_id: units[0]?.id ?? 0 }] }],
          },
        })
      ).statusCode,
    ).toBe(201);
    const reply = await call(t.app, 'GET', userBulkPaths.export, { token: t.token, query: { role_id: 3 } });
    expect(reply.statusCode).toBe(200);
    expect(reply.body.replace(/^\uFEFF/, '').startsWith(`${HEADER}\r\n`)).toBe(true);
    const lines = reply.body.trim().split('\r\n').slice(1);
    const listed = await listUsers(t.app, t.token, { role_id: 3, perPage: 1000 });
    expect(lines).toHaveLength(listed.meta.total);
    const mine = lines.find((line) => line.startsWith('EXP-1,'));
    expect(mine).toContain(`"'${nama}"`);
    expect(mine).toContain("'+6281200000077");
    const again = await checked(reply.body, { update: true });
    // The neutralised name stays as it was stored; the formula check refuses it on import.
    expect(again.counts).toEqual({
      total: listed.meta.total,
      create: 0,
      update: 0,
      unchanged: listed.meta.total - 1,
      error: 1,
    });
  });

  it('refuses a viewer nothing: viewers export what they read', async () => {
    const viewer = await openSession(t.app, { nik: '100002', password: 'password123' });
    expect((await call(t.app, 'GET', userBulkPaths.export, { token: viewer.accessToken })).statusCode).toBe(
      200,
    );
  });
});

describe('bulk changes', () => {
  const bulkRole = (ids: number[], roleId: number, token = t.token) =>
    call(t.app, 'PATCH', userBulkPaths.bulkRole, { token, body: { ids, role_id: roleId } });

  it('change the role of every user, one event each; the refused are named and nothing is written', async () => {
    const a = await createAccount(t.app, t.token, { role_ids: [3] });
    const b = await createAccount(t.app, t.token, { role_ids: [3] });
    const strong = await createAccount(t.app, t.token, { role_ids: [2] });
    const modifier = await openSession(t.app, MODIFIER_2);
    const refused = expectError(await bulkRole([a.id, b.id, strong.id], 3, modifier.accessToken), 403);
    expect(refused.message).toMatch(new RegExp(`^${USER_TAKEOVER_MESSAGE}: .*\\(${strong.nik}\\)$`));
    expect(
      (await readRow(t, sql<{ role_id: number }>`SELECT role_id FROM users WHERE id = ${strong.id}`))
        ?.role_id,
    ).toBe(2);

    const done = expectOk(await bulkRole([a.id, b.id], 5, t.token), bulkUserChangeResponseSchema).data;
    expect(done.changed).toBe(2);
    const roles = await readRows(
      t,
      sql<{ role_id: number }>`SELECT role_id FROM users WHERE id IN (${a.id}, ${b.id})`,
    );
    expect(roles.map((r) => r.role_id)).toEqual([5, 5]);
    const events = expectOk(
      await call(t.app, 'GET', auditPaths.list, {
        token: t.token,
        query: { action: 'user.update', perPage: 5 },
      }),
      auditListResponseSchema,
    ).data;
    const mine = events.filter(
      (e) => e.result === 'done' && [String(a.id), String(b.id)].includes(e.target_id ?? ''),
    );
    expect(mine).toHaveLength(2);
    expect(mine[0]?.changes.map((c) => c.field)).toEqual(['Role']);
  });

  it("refuse a role the actor may not give and the actor's own role", async () => {
    const a = await createAccount(t.app, t.token, { role_ids: [3] });
    const modifier = await openSession(t.app, MODIFIER_2);
    expect(expectError(await bulkRole([a.id], 1, modifier.accessToken), 403).message).toBe(
      ESCALATION_MESSAGE,
    );
    const self = (await readRow(t, sql<{ id: number }>`SELECT id FROM users WHERE nik = '100001'`))?.id ?? 0;
    expect(expectError(await bulkRole([a.id, self], 3), 403).message).toBe(OWN_ROLE_MESSAGE);
  });

  it('add APs and units to what each user has', async () => {
    const a = await createAccount(t.app, t.token, { role_ids: [3] });
    const reply = await call(t.app, 'PATCH', userBulkPaths.bulkCompanies, {
      token: t.token,
      body: { ids: [a.id], perusahaan: [{ perusahaan_id: otherAp.id, cabang: [] }] },
    });
    expect(expectOk(reply, bulkUserChangeResponseSchema).data.changed).toBe(1);
    const companies = await readRows(
      t,
      sql<{
        company_id: number;
      }>`SELECT company_id FROM user_companies WHERE user_id = ${a.id} ORDER BY company_id`,
    );
    expect(companies.map((c) => c.company_id)).toEqual([1, otherAp.id].sort((x, y) => x - y));
    const again = await call(t.app, 'PATCH', userBulkPaths.bulkCompanies, {
      token: t.token,
      body: { ids: [a.id], perusahaan: [{ perusahaan_id: otherAp.id, cabang: [] }] },
    });
    expect(expectOk(again, bulkUserChangeResponseSchema).data.changed).toBe(0);
    expect(z.number().parse(await userCount())).toBeGreaterThan(0);
  });
});
