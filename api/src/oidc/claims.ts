import { sql } from 'kysely';
import type { Q, Store } from '../db/store';
import { loadProfile } from '../auth/profile';

/** Our scope: the role, companies with units, and the menus of the asking application. */
export const SSO_SCOPE = 'sso';

export interface SsoMenuClaim {
  id: number;
  name: string;
  access_level: 1 | 2 | 3;
  children: { id: number; name: string; access_level: 1 | 2 | 3 }[];
}

export interface SsoClaims {
  sub: string;
  name?: string;
  preferred_username?: string;
  phone_number?: string;
  email?: string;
  role?: { id: number; name: string };
  companies?: { id: number; name: string; units: { id: number; name: string; code: string }[] }[];
  menus?: SsoMenuClaim[];
}

/** Whether the user's role grants the application (the same rule as session/create). */
export async function roleGrantsApplication(q: Q, userId: number, applicationId: number): Promise<boolean> {
  const { rows } = await sql<{ granted: number }>`
    SELECT 1 AS granted FROM users u JOIN role_apps ra ON ra.role_id = u.role_id AND ra.app_id = ${applicationId}
    WHERE u.id = ${userId}`.execute(q);
  return rows.length > 0;
}

/**
 * The claims of a user for one application, read now from the database (a grant an owner changed
 * shows at the next token or userinfo call). Standard claims by their scopes (`profile`: name and
 * NIK, `phone`, `email`); `sso`: the role, companies with units, and that application's menus.
 * Undefined for an unknown or inactive user.
 */
export async function userClaims(
  store: Store,
  userId: number,
  applicationId: number,
  scopes: ReadonlySet<string>,
): Promise<SsoClaims | undefined> {
  const profile = await loadProfile(store, userId, () => '');
  if (!profile || !profile.user.is_active) return undefined;
  const { user } = profile;
  const claims: SsoClaims = { sub: String(user.id) };
  if (scopes.has('profile')) {
    claims.name = user.name;
    claims.preferred_username = user.nik;
  }
  if (scopes.has('phone')) claims.phone_number = user.phone;
  if (scopes.has('email')) claims.email = user.email;
  if (!scopes.has(SSO_SCOPE)) return claims;

  const role = profile.roles[0];
  if (role) claims.role = { id: role.id, name: role.name };
  const companies = new Map<number, NonNullable<SsoClaims['companies']>[number]>();
  for (const unit of profile.user_unit) {
    let company = companies.get(unit.perusahaan_id);
    if (!company) {
      company = { id: unit.perusahaan_id, name: unit.perusahaan_name, units: [] };
      companies.set(unit.perusahaan_id, company);
    }
    company.units.push({ id: unit.cabang_id, name: unit.cabang_name, code: unit.cabang_kode });
  }
  claims.companies = [...companies.values()];
  const app = profile.user_menu.find((granted) => Number(granted.apps_id) === applicationId);
  claims.menus = (app?.menus ?? []).map((menu) => ({
    id: menu.id,
    name: menu.name,
    access_level: menu.acces_level,
    children: menu.children.map((child) => ({
      id: child.id,
      name: child.name,
      access_level: child.acces_level,
    })),
  }));
  return claims;
}
