import {
  employeeSearchQuerySchema,
  menuWithChildQuerySchema,
  paths,
  type Company,
  type Employee,
} from '@sso/shared/contract';
import { sql, type RawBuilder } from 'kysely';
import { menuTree } from '../applications/application-queries';
import { actorScopeOf } from '../access/admin-scope';
import { notFound } from '../http/errors';
import { containsPattern, listOf, ok } from '../http/reply';
import { action, referenceData, route, routeTable } from '../http/route';
import { findApplication, listApplications } from './applications';

interface CompanyBranchRow {
  company_id: number;
  nama: string;
  logo_file: string;
  branch_id: number | null;
  name: string | null;
  daerah: string | null;
  kode: string | null;
}

type EmployeeRow = Omit<Employee, 'registered' | 'own_company'> & {
  own_company: 0 | 1 | null;
  registered: 0 | 1;
};

/** Reference data of spec 7: colours, applications, menu trees, employee directory, companies. */
export const referenceRoutes = routeTable([
  route({
    method: 'GET',
    path: paths.reference.colors,
    access: referenceData,
    handler: async (_input, { store }) =>
      ok(
        'Daftar warna',
        (
          await sql<{ id: number; hex_code: string }>`SELECT id, hex_code FROM colors ORDER BY id`.execute(
            store.db,
          )
        ).rows,
      ),
  }),
  route({
    method: 'GET',
    path: paths.reference.applications,
    access: referenceData,
    handler: async (_input, { store, logoUrl }) =>
      ok(
        'Daftar aplikasi',
        (await listApplications(store.db)).map((a) => ({
          id: a.id,
          name: a.name,
          descriptions: a.descriptions,
          logo_url: logoUrl(a.logo_file),
        })),
      ),
  }),
  route({
    method: 'GET',
    path: paths.reference.menuWithChild,
    access: referenceData,
    query: menuWithChildQuerySchema,
    handler: async ({ query: { apps_id } }, { store }) => {
      if (!(await findApplication(store.db, apps_id))) throw notFound('Aplikasi tidak ditemukan');
      return ok('Daftar menu', await menuTree(store.db, apps_id));
    },
  }),

  // The directory with each employee's company: the actor's own companies' employees first
  // (`own_company`), then the rest by name. A scoped actor ("AP pengguna sendiri") is offered only
  // their companies' employees and those of no company: they could not place anyone else in an AP
  // (the api refuses it), and another company's staff are not theirs to see (ADR 0022).
  route({
    method: 'GET',
    path: paths.reference.employeeSearch,
    access: action('searchEmployees'),
    query: employeeSearchQuerySchema,
    handler: async ({ query, auth }, { store }) => {
      const scope = await actorScopeOf(store, auth.userId);
      const where: RawBuilder<unknown>[] = [];
      if (query.keyword) {
        const p = containsPattern(query.keyword);
        where.push(
          sql`(${store.likeCaseless('e.name', p)} OR ${store.likeCaseless('e.nik', p)} OR ${store.likeCaseless('e.no_hp', p)})`,
        );
      }
      if (scope.kind === 'own') {
        const own = [...scope.companies];
        where.push(
          own.length > 0
            ? sql`(e.company_id IS NULL OR e.company_id IN (${sql.join(own)}))`
            : sql`e.company_id IS NULL`,
        );
      }
      const whereSql = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
      const { rows: counted } = await sql<{
        n: number;
      }>`SELECT COUNT(*) AS n FROM employees e ${whereSql}`.execute(store.db);
      const total = Number(counted[0]?.n ?? 0);
      // `registered`: the employee already has an account (Tambah User shows "Sudah terdaftar").
      const { rows } = await sql<EmployeeRow>`
      SELECT e.id, e.name, e.nik, e.no_hp, e.email, e.company_id AS perusahaan_id, c.nama AS perusahaan_name,
        CASE WHEN e.company_id IN (SELECT company_id FROM user_companies WHERE user_id = ${scope.actorId})
          THEN 1 ELSE 0 END AS own_company,
        CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.nik = e.nik) THEN 1 ELSE 0 END AS registered
      FROM employees e LEFT JOIN companies c ON c.id = e.company_id ${whereSql}
      ORDER BY own_company DESC, ${store.caseless('e.name')}, e.id
      LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`.execute(store.db);
      const data = rows.map((row) => ({
        ...row,
        own_company: Number(row.own_company) === 1,
        registered: Number(row.registered) === 1,
      }));
      return listOf('Daftar karyawan', data, total);
    },
  }),

  // Administration per company: a scoped actor is offered their own APs and units only (the users
  // forms and the list's filters read this), admin-scope.ts.
  route({
    method: 'GET',
    path: paths.reference.companies,
    access: referenceData,
    handler: async ({ auth }, { store, logoUrl }) => {
      const scope = await actorScopeOf(store, auth.userId);
      const { rows: all } = await sql<CompanyBranchRow>`
      SELECT c.id AS company_id, c.nama, c.logo_file, b.id AS branch_id, b.name, b.daerah, b.kode
      FROM companies c LEFT JOIN branches b ON b.company_id = c.id
      ORDER BY c.sort_key, c.id, ${store.caseless('b.name')}, b.id`.execute(store.db);
      const rows = all.filter(
        (row) =>
          scope.kind === 'group' ||
          (scope.companies.has(row.company_id) &&
            (row.branch_id === null || scope.branches.has(row.branch_id))),
      );
      const companies = new Map<number, Company>();
      for (const row of rows) {
        let company = companies.get(row.company_id);
        if (!company) {
          company = { id: row.company_id, nama: row.nama, logo_url: logoUrl(row.logo_file), cabangs: [] };
          companies.set(row.company_id, company);
        }
        if (row.branch_id !== null) {
          company.cabangs.push({
            id: row.branch_id,
            name: row.name ?? '',
            daerah: row.daerah ?? '',
            kode: row.kode ?? '',
          });
        }
      }
      return ok('Daftar perusahaan', { data: [...companies.values()] });
    },
  }),
]);
