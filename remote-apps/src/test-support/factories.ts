import type { ApplicationDetail, ManagedApplication } from '@sso/shared/contract';

/** Test data factories with overrides (STYLE "Tests"). */

export function createManagedApplication(overrides: Partial<ManagedApplication> = {}): ManagedApplication {
  return {
    id: 6,
    name: 'Aplikasi Gudang',
    descriptions: 'Persediaan gudang pusat',
    url: 'https://gudang.example.com/',
    logo_url: 'http://localhost:4000/static/logos/app-6.svg',
    logo_uploaded: false,
    menu_count: 3,
    role_count: 0,
    blocking_role_count: 0,
    ...overrides,
  };
}

/** An application with two menus, the second with one sub-menu. */
export function createApplicationDetail(overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    ...createManagedApplication(),
    menus: [
      { id: 41, name: 'Stok', menu: [] },
      { id: 42, name: 'Laporan', menu: [{ id: 43, name: 'Laporan Harian', menu: [] }] },
    ],
    roles: [],
    locked_menu_ids: [],
    deletable: true,
    ...overrides,
  };
}

/** A settled query result for a mocked hook (tests only). */
export { settled } from '@sso/shared/testing';
