import type { ApplicationDetail, ManagedApplication, SsoClient } from '@sso/shared/contract';

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
    sso: null,
    ...overrides,
  };
}

/** A confidential SSO client of Aplikasi Gudang. */
export function createSsoClient(overrides: Partial<SsoClient> = {}): SsoClient {
  return {
    client_id: 'aplikasi-gudang',
    client_type: 'confidential',
    redirect_uris: ['https://gudang.example.com/callback'],
    post_logout_redirect_uris: ['https://gudang.example.com/'],
    backchannel_logout_uri: null,
    initiate_login_uri: 'https://gudang.example.com/login',
    created_at: '2026-11-26T08:00:00.000Z',
    updated_at: '2026-11-26T08:00:00.000Z',
    ...overrides,
  };
}
