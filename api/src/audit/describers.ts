import { sql } from 'kysely';
import type { Q } from '../db/store';
import { describeUserAgent } from '../users/lifecycle/user-agent';
import type { AuditTarget, TargetSnapshot } from './audit-targets';

/*
 * Snapshots of users, roles and applications for before → after. Field names are the panel's labels (the drawer
 * shows them as they are). Read by their own small queries, not the list modules', so a field added
 * to a list does not change what the log says; a field added to a record is added here.
 */

const LEVELS: Record<number, string> = { 1: 'Owner', 2: 'Modifier', 3: 'Viewer' };

type UserRow = {
  nama: string;
  nik: string;
  phone: string;
  email: string;
  role: string;
  is_active: number;
};
/** The first column of every row, as texts. */
const texts = async (q: Q, query: ReturnType<typeof sql<{ text: string }>>) =>
  (await query.execute(q)).rows.map((row) => row.text);

const joined = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : null);

export async function describeUser(q: Q, id: number): Promise<TargetSnapshot | null> {
  const row = (
    await sql<UserRow>`SELECT u.nama, u.nik, u.phone, u.email, r.name AS role, u.is_active
     FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ${id}`.execute(q)
  ).rows[0];
  if (!row) return null;
  const companies = await texts(
    q,
    sql`SELECT c.nama AS text FROM user_companies uc JOIN companies c ON c.id = uc.company_id
     WHERE uc.user_id = ${id} ORDER BY c.nama`,
  );
  const branches = await texts(
    q,
    sql`SELECT b.name AS text FROM user_branches ub JOIN branches b ON b.id = ub.branch_id
     WHERE ub.user_id = ${id} ORDER BY b.name`,
  );
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

/** A role's or an application's name and description (an empty description reads as none). */
const namedFields = (row: { name: string; descriptions: string | null }) => ({
  Nama: row.name,
  Deskripsi: row.descriptions === '' ? null : row.descriptions,
});

type RoleRow = { name: string; descriptions: string | null; color: string; requires_two_step: number };
export async function describeRole(q: Q, id: number): Promise<TargetSnapshot | null> {
  const row = (
    await sql<RoleRow>`SELECT r.name, r.descriptions, c.hex_code AS color, r.requires_two_step FROM roles r
     JOIN colors c ON c.id = r.color_id WHERE r.id = ${id}`.execute(q)
  ).rows[0];
  if (!row) return null;
  const apps = await texts(
    q,
    sql`SELECT a.name AS text FROM role_apps ra JOIN applications a ON a.id = ra.app_id
     WHERE ra.role_id = ${id} ORDER BY a.id`,
  );
  const { rows: grants } = await sql<{ app: string; menu: string; level: number }>`SELECT a.name AS app,
       CASE WHEN p.name IS NULL THEN m.name ELSE p.name || ' › ' || m.name END AS menu, rm.access_level AS level
     FROM role_menus rm JOIN menus m ON m.id = rm.menu_id JOIN applications a ON a.id = m.app_id
     LEFT JOIN menus p ON p.id = m.parent_id
     WHERE rm.role_id = ${id} ORDER BY a.id, m.id`.execute(q);
  // One field per application: its menus and levels, so a changed grant shows under its application.
  const menus: Record<string, string> = {};
  for (const grant of grants) {
    const key = `Menu ${grant.app}`;
    const entry = `${grant.menu}: ${LEVELS[grant.level] ?? grant.level}`;
    menus[key] = menus[key] ? `${menus[key]}; ${entry}` : entry;
  }
  return {
    label: row.name,
    fields: {
      ...namedFields(row),
      Warna: row.color,
      'Wajib verifikasi dua langkah': row.requires_two_step === 1 ? 'Ya' : 'Tidak',
      Aplikasi: joined(apps),
      ...menus,
    },
  };
}

type ApplicationRow = {
  name: string;
  descriptions: string | null;
  url: string;
  logo_file: string;
  client_id: string | null;
  client_type: string | null;
  redirect_uris: string | null;
  post_logout_redirect_uris: string | null;
  backchannel_logout_uri: string | null;
  initiate_login_uri: string | null;
};

const CLIENT_TYPE: Record<string, string> = { confidential: 'Confidential', public: 'Public (PKCE)' };

/** A JSON list of URIs as one line of text (null when empty). */
const uriList = (json: string | null): string | null => {
  if (json === null) return null;
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? joined(parsed.map(String)) : null;
};

/**
 * An application with its menu tree as text ("Menu › Sub-menu", in order): a renamed or removed menu
 * shows; and its SSO client's settings. Never the client's secret or its hash.
 */
export async function describeApplication(q: Q, id: number): Promise<TargetSnapshot | null> {
  const row = (
    await sql<ApplicationRow>`SELECT a.name, a.descriptions, a.url, a.logo_file, c.client_id, c.client_type,
       c.redirect_uris, c.post_logout_redirect_uris, c.backchannel_logout_uri, c.initiate_login_uri
     FROM applications a LEFT JOIN oidc_clients c ON c.application_id = a.id WHERE a.id = ${id}`.execute(q)
  ).rows[0];
  if (!row) return null;
  const menus = await texts(
    q,
    sql`SELECT CASE WHEN p.name IS NULL THEN m.name ELSE p.name || ' › ' || m.name END AS text
     FROM menus m LEFT JOIN menus p ON p.id = m.parent_id
     WHERE m.app_id = ${id}
     ORDER BY COALESCE(p.position, m.position), COALESCE(p.id, m.id), m.parent_id IS NOT NULL, m.position, m.id`,
  );
  return {
    label: row.name,
    fields: {
      ...namedFields(row),
      URL: row.url,
      Logo: row.logo_file,
      Menu: joined(menus),
      'SSO Client ID': row.client_id,
      'SSO Jenis klien': row.client_type === null ? null : (CLIENT_TYPE[row.client_type] ?? row.client_type),
      'SSO Redirect URI': uriList(row.redirect_uris),
      'SSO Redirect URI setelah logout': uriList(row.post_logout_redirect_uris),
      'SSO URL logout back-channel': row.backchannel_logout_uri,
      'SSO URL mulai masuk': row.initiate_login_uri,
    },
  };
}

type SessionRow = {
  id: number;
  application: string | null;
  address: string | null;
  user_agent: string | null;
};

/**
 * A user with their logins not ended (expired ones included: they are in both snapshots and so
 * never counted as ended), one line each: "#12 SSO Admin Panel · Chrome di Windows · 10.0.0.7".
 */
export async function describeUserWithSessions(q: Q, id: number): Promise<TargetSnapshot | null> {
  const user = await describeUser(q, id);
  if (!user) return null;
  const { rows } = await sql<SessionRow>`SELECT l.seq AS id, a.name AS application, l.address, l.user_agent
     FROM login_sessions l LEFT JOIN applications a ON a.id = l.apps_id
     WHERE l.user_id = ${id} AND l.revoked_at IS NULL ORDER BY l.seq`.execute(q);
  const sessions = rows.map((s) =>
    [`#${s.id} ${s.application ?? 'Aplikasi'}`, describeUserAgent(s.user_agent), s.address]
      .filter((part): part is string => Boolean(part))
      .join(' · '),
  );
  return { ...user, sessions };
}

/** A user with their sessions and their two-step factors (names only): what a reset changes. */
export async function describeUserTwoStep(q: Q, id: number): Promise<TargetSnapshot | null> {
  const user = await describeUserWithSessions(q, id);
  if (!user) return null;
  const labels = await texts(
    q,
    sql`SELECT label AS text FROM two_step_factors WHERE user_id = ${id} ORDER BY id`,
  );
  return { ...user, fields: { ...user.fields, 'Verifikasi dua langkah': joined(labels) ?? 'Tidak aktif' } };
}
/*
 * The target types the admin write routes declare (`audit: audited(userTarget)`): their events
 * carry the record's label and its fields before → after. A module adding a kind of record adds its
 * describer and target here.
 */
export const userTarget: AuditTarget = { type: 'user', describe: describeUser };
/** An edit of another user's role, NIK or phone ends their sessions (one by one or in bulk): the event says which. */
export const userWithSessionsTarget: AuditTarget = { type: 'user', describe: describeUserWithSessions };
export const userTwoStepTarget: AuditTarget = { type: 'user', describe: describeUserTwoStep };
export const roleTarget: AuditTarget = { type: 'role', describe: describeRole };
export const applicationTarget: AuditTarget = { type: 'application', describe: describeApplication };
