import type { Company, Employee, RoleOption, User, UserAccount, UserCompany } from '@sso/shared/contract';

/** Test data factories with overrides (STYLE "Tests"). */
export function createUserCompany(overrides: Partial<UserCompany> = {}): UserCompany {
  return {
    perusahaan_id: 1,
    perusahaan_name: 'PT. Sinar Niaga Sejahtera',
    perusahaan_logo_url: 'http://localhost:4000/static/logos/company-1.svg',
    cabang: [{ cabang_id: 1, cabang_name: 'Cabang Jakarta', cabang_kode: 'JKT1' }],
    ...overrides,
  };
}

export function createUser(overrides: Partial<User> = {}): User {
  return {
    id: 10,
    nama: 'Budi Santoso',
    nik: '100010',
    phone: '081200000010',
    email: 'budi@sso.local',
    role_id: 2,
    role_name: 'Admin',
    color_hex_code: '#3949ab',
    perusahaan: [createUserCompany()],
    ...overrides,
  };
}

export function createCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 1,
    nama: 'PT. Sinar Niaga Sejahtera',
    logo_url: 'http://localhost:4000/static/logos/company-1.svg',
    cabangs: [
      { id: 1, name: 'Cabang Jakarta', daerah: 'Jakarta', kode: 'JKT1' },
      { id: 2, name: 'Cabang Bandung', daerah: 'Bandung', kode: 'BDG1' },
    ],
    ...overrides,
  };
}

/** Three companies with two units each (ids 1-2, 3-4, 5-6). */
export const companies: Company[] = [1, 2, 3].map((id) =>
  createCompany({
    id,
    nama: `AP ${id}`,
    logo_url: `http://localhost:4000/static/logos/company-${id}.svg`,
    cabangs: [
      { id: id * 2 - 1, name: `Unit ${id}A`, daerah: 'X', kode: `U${id}A` },
      { id: id * 2, name: `Unit ${id}B`, daerah: 'Y', kode: `U${id}B` },
    ],
  }),
);

export function createRoleOption(overrides: Partial<RoleOption> = {}): RoleOption {
  return { id: 2, name: 'Admin', color: { id: 3, hex_code: '#3949ab' }, ...overrides };
}

export function createEmployee(overrides: Partial<Employee> = {}): Employee {
  return {
    id: 7,
    name: 'Sri Wahyuni',
    nik: '200007',
    no_hp: '081300000007',
    email: 'sri@sso.local',
    ...overrides,
  };
}

/** A fixed time of 25 November 2026 (local), for accounts' sign-ins and sessions. */
export const at = (hours: number, minutes: number) => new Date(2026, 10, 25, hours, minutes).toISOString();

/** The account part of the drawer: active, two open sessions, no lock. */
export function createAccount(overrides: Partial<UserAccount> = {}): UserAccount {
  return {
    id: 10,
    is_active: true,
    status_reason: null,
    status_changed_at: null,
    status_changed_by: null,
    last_login_at: at(9, 30),
    lock: null,
    sessions: [
      {
        id: 7,
        application: 'SSO Admin Panel',
        signed_in_at: at(9, 30),
        last_active_at: null,
        address: '10.1.2.3',
        browser: 'Chrome 126 di Windows',
      },
      {
        id: 8,
        application: 'SSO Admin Panel',
        signed_in_at: at(8, 5),
        last_active_at: at(8, 45),
        address: null,
        browser: null,
      },
    ],
    ...overrides,
  };
}
