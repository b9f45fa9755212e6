import type { AccessLevel, Role, RolePayload, UserPayload } from '@sso/shared/contract';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

/**
 * A valid user payload for the seeded data (role 2 "Admin", company 1 with its first unit).
 * Pass `branchId` of a unit of company 1 when a test needs one (seed ids vary with the PRNG).
 */
export function createUserPayload(overrides: Partial<UserPayload> = {}): UserPayload {
  const n = next();
  return {
    nama: `Pengguna Uji ${n}`,
    nik: String(900_000 + n),
    phone: `0899${String(n).padStart(8, '0')}`,
    email: `uji${n}@sso.local`,
    role_ids: [2],
    perusahaan: [{ perusahaan_id: 1, perusahaan_name: 'PT. Sinar Niaga Sejahtera', cabang: [] }],
    ...overrides,
  };
}

/** A valid role payload: application 2 (HRIS) with one menu and its first sub-menu. */
export function createRolePayload(overrides: Partial<RolePayload> = {}): RolePayload {
  const n = next();
  return {
    name: `Role Uji ${n}`,
    descriptions: null,
    color_id: 3,
    applications: [{ apps_id: 2, menus: [] }],
    ...overrides,
  };
}

/**
 * A role's grants (as listed: names, `acces_level`) as a payload (ids, `access_level`), every level
 * passed through `level` (unchanged by default).
 */
export function grantsPayload(
  role: Pick<Role, 'applications'>,
  level: (current: AccessLevel) => AccessLevel = (current) => current,
): RolePayload['applications'] {
  return role.applications.map((app) => ({
    apps_id: app.apps_id,
    menus: app.menus.map((menu) => ({
      id: menu.id,
      access_level: level(menu.acces_level),
      children: menu.children.map((child) => ({ id: child.id, access_level: level(child.acces_level) })),
    })),
  }));
}
