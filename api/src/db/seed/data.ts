/** Fixed demo data of the seed. Everything random is derived from these lists by a seeded PRNG. */
import { ACCESS_LEVEL, PANEL_MENU, type AccessLevel } from '@sso/shared/contract';

export const ADMIN = {
  nik: '100001',
  password: 'admin123',
  phone: '081234567890',
  name: 'Administrator',
  email: 'admin@sso.local',
  role: 'Super Admin',
} as const;

/** Password of the other seeded directory users (not the bulk SEED_USERS ones, who have none). */
export const DEMO_USER_PASSWORD = 'password123';

/**
 * Demo accounts with a fixed role (api/README.md "Demo accounts"), by seed index (NIK 100000 + index):
 * a viewer of the panel, an employee without the panel, a modifier, a second modifier with other
 * grants (README "Demo accounts": who may give and touch what). Other users get a random role.
 */
export const DEMO_ROLES: ReadonlyMap<number, string> = new Map([
  [2, 'Viewer'],
  [3, 'HR Manager'],
  [4, 'Admin'],
  [5, 'Admin User'],
  [6, 'Admin AP'],
  // Signs in with an authenticator app (issue 31; auth/two-step/demo-two-step.ts).
  [7, 'Viewer'],
]);

/**
 * Demo accounts linked to fixed companies (every unit of each), by seed index: the scoped
 * administrator of issue 32 administers "PT Arta Boga Cemerlang" only. Others draw theirs.
 */
export const DEMO_COMPANIES: ReadonlyMap<number, readonly string[]> = new Map([
  [6, ['PT Arta Boga Cemerlang']],
]);

/**
 * Users placed in the scoped administrator's company only (some of its units), so that their list
 * shows more than a chance few: every sixth user from the ninth (not a demo account).
 */
export const SCOPED_COMPANY = 'PT Arta Boga Cemerlang';
export const inScopedCompany = (index: number): boolean => index > 6 && index % 6 === 3;

/**
 * Random users draw their role from ids 2 to this one: the roles added after it (the second
 * modifier's) are given to demo accounts only, so every other seeded user keeps its role.
 */
export const RANDOM_ROLE_MAX_ID = 6;

/** Role colours (#rrggbb). */
export const COLORS = [
  '#e53935',
  '#8e24aa',
  '#3949ab',
  '#039be5',
  '#00897b',
  '#7cb342',
  '#fdd835',
  '#fb8c00',
  '#6d4c41',
  '#546e7a',
] as const;

/** Companies (AP). Dots and case differ on purpose: lists sort ignoring both. */
export const COMPANIES = [
  'PT. Sinar Niaga Sejahtera',
  'PT Arta Boga Cemerlang',
  'CV. Mitra Usaha Mandiri',
  'PT. Bumi Nusantara Logistik',
  'PT. Eka Sentosa Distribusi',
  'PT Gemilang Mitra Retail',
  'PT. Dwi Tunggal Perkasa',
] as const;

/** Cities for branches: name and a 3-letter code (the branch `kode` is code + number). */
export const CITIES = [
  ['Jakarta Barat', 'JKB'],
  ['Jakarta Timur', 'JKT'],
  ['Bandung', 'BDG'],
  ['Surabaya', 'SBY'],
  ['Semarang', 'SMG'],
  ['Yogyakarta', 'YOG'],
  ['Medan', 'MDN'],
  ['Makassar', 'MKS'],
  ['Denpasar', 'DPS'],
  ['Palembang', 'PLG'],
  ['Balikpapan', 'BPN'],
  ['Malang', 'MLG'],
  ['Bekasi', 'BKS'],
  ['Tangerang', 'TNG'],
  ['Bogor', 'BGR'],
  ['Pekanbaru', 'PKU'],
] as const;

export interface AppSeed {
  name: string;
  descriptions: string;
  /** Host of the app's url; app 1 uses the panel url instead. */
  host: string;
  menus: ReadonlyArray<readonly [string, readonly string[]]>;
}

/** Applications; the first is this panel (id 1). Each has a two-level menu tree. */
export const APPLICATIONS: readonly AppSeed[] = [
  {
    name: 'SSO Admin Panel',
    descriptions: 'Panel administrasi single sign-on',
    host: '',
    menus: [
      ['Home', []],
      ['User Management', ['Daftar User', 'Tambah User']],
      ['Role Management', ['Daftar Role', 'Tambah Role']],
      ['App Management', ['Daftar Aplikasi']],
      // No sub-menus: the panel has one Settings page ("Umum" and "Keamanan" led nowhere).
      ['Settings', []],
    ],
  },
  {
    name: 'HRIS',
    descriptions: 'Sistem informasi sumber daya manusia',
    host: 'hris.localhost',
    menus: [
      ['Karyawan', ['Data Karyawan', 'Mutasi', 'Kontrak']],
      ['Absensi', ['Rekap Absensi', 'Lembur', 'Cuti']],
      ['Penggajian', ['Slip Gaji', 'Komponen Gaji']],
    ],
  },
  {
    name: 'Finance',
    descriptions: 'Akuntansi dan keuangan',
    host: 'finance.localhost',
    menus: [
      ['Jurnal', ['Jurnal Umum', 'Jurnal Penyesuaian']],
      ['Hutang', ['Tagihan Pemasok', 'Pembayaran']],
      ['Piutang', ['Faktur Penjualan', 'Penerimaan']],
      ['Laporan', ['Neraca', 'Laba Rugi', 'Arus Kas']],
    ],
  },
  {
    name: 'Inventory',
    descriptions: 'Persediaan dan gudang',
    host: 'inventory.localhost',
    menus: [
      ['Gudang', ['Daftar Gudang', 'Lokasi Rak']],
      ['Stok', ['Stok Barang', 'Stok Opname']],
      ['Mutasi Barang', ['Barang Masuk', 'Barang Keluar', 'Transfer']],
    ],
  },
  {
    name: 'Sales',
    descriptions: 'Penjualan dan distribusi',
    host: 'sales.localhost',
    menus: [
      ['Pesanan', ['Pesanan Baru', 'Riwayat Pesanan']],
      ['Pelanggan', ['Data Pelanggan', 'Kunjungan']],
    ],
  },
];

/**
 * Menus added after the first seed, appended after every menu above so the ids of those stay as
 * they were: [application index, parent menu, sub-menu] (position after the parent's others).
 */
export const LATER_MENUS: ReadonlyArray<readonly [number, string, string]> = [
  [0, PANEL_MENU.apps, PANEL_MENU.appCreate],
];

/**
 * Top-level menus of app 1 added after the first release (Log Aktivitas): inserted after every
 * application's menus, so the ids of the older menus stay what they were.
 */
export const LATER_PANEL_MENUS: readonly string[] = [PANEL_MENU.audit];

/**
 * Levels per menu of one application, by menu name: a menu listed grants it and every sub-menu at
 * its level; a sub-menu listed as well gets its own level (its menu must be listed).
 */
export type MenuLevels = Readonly<Record<string, AccessLevel>>;

export interface RoleSeed {
  name: string;
  color: number;
  /**
   * Granted applications (indexes into APPLICATIONS), each with one level for every menu or with
   * levels per menu.
   */
  grants: ReadonlyArray<readonly [number, AccessLevel | MenuLevels]>;
  /** "AP pengguna sendiri" (issue 32); every other role reaches the whole group. */
  adminScope?: 'own';
}

const { owner, modifier, viewer } = ACCESS_LEVEL;

/** Roles; the first is the administrator's. */
export const ROLES: readonly RoleSeed[] = [
  {
    name: 'Super Admin',
    color: 0,
    grants: [
      [0, owner],
      [1, owner],
      [2, owner],
      [3, owner],
      [4, owner],
    ],
  },
  {
    // The panel's modifier: adds and edits users, roles and applications, deletes nothing; reads Log
    // Aktivitas and Peta Akses.
    name: 'Admin',
    color: 2,
    grants: [
      [
        0,
        {
          [PANEL_MENU.home]: modifier,
          [PANEL_MENU.users]: modifier,
          [PANEL_MENU.roles]: modifier,
          [PANEL_MENU.apps]: modifier,
          [PANEL_MENU.audit]: viewer,
          [PANEL_MENU.accessMap]: viewer,
        },
      ],
      [1, modifier],
      [3, modifier],
    ],
  },
  {
    // The panel's viewer: reads users, roles and applications only.
    name: 'Viewer',
    color: 5,
    grants: [
      [
        0,
        {
          [PANEL_MENU.home]: viewer,
          [PANEL_MENU.users]: viewer,
          [PANEL_MENU.roles]: viewer,
          [PANEL_MENU.apps]: viewer,
        },
      ],
      [1, viewer],
      [2, viewer],
      [3, viewer],
      [4, viewer],
    ],
  },
  { name: 'HR Manager', color: 1, grants: [[1, owner]] },
  { name: 'Finance Staff', color: 4, grants: [[2, modifier]] },
  {
    name: 'Staf Gudang',
    color: 7,
    grants: [
      [3, modifier],
      [4, viewer],
    ],
  },
  {
    // The second modifier: adds and edits users (not roles); holds HRIS, Inventory and Sales as a
    // viewer and Finance as a modifier, so it covers Viewer and Finance Staff but not Admin.
    name: 'Admin User',
    color: 6,
    grants: [
      [
        0,
        {
          [PANEL_MENU.home]: viewer,
          [PANEL_MENU.users]: modifier,
          [PANEL_MENU.roles]: viewer,
          [PANEL_MENU.apps]: viewer,
        },
      ],
      [1, viewer],
      [2, modifier],
      [3, viewer],
      [4, viewer],
    ],
  },
  {
    // The scoped administrator (issue 32): adds and edits the users of their own APs only, reads
    // roles and their APs' Log Aktivitas and Peta Akses; the other applications as a modifier, so it covers
    // Finance Staff and Staf Gudang.
    name: 'Admin AP',
    color: 3,
    adminScope: 'own',
    grants: [
      [
        0,
        {
          [PANEL_MENU.home]: viewer,
          [PANEL_MENU.users]: modifier,
          [PANEL_MENU.roles]: viewer,
          [PANEL_MENU.audit]: viewer,
          [PANEL_MENU.accessMap]: viewer,
        },
      ],
      [1, modifier],
      [2, modifier],
      [3, modifier],
      [4, modifier],
    ],
  },
];

export const FIRST_NAMES = [
  'Budi',
  'Siti',
  'Agus',
  'Dewi',
  'Andi',
  'Rina',
  'Hendra',
  'Wulan',
  'Joko',
  'Ayu',
  'Rudi',
  'Putri',
  'Bambang',
  'Lestari',
  'Eko',
  'Indah',
  'Fajar',
  'Nur',
  'Dimas',
  'Sri',
  'Yusuf',
  'Maya',
  'Rizky',
  'Fitri',
  'Adi',
  'Ratna',
  'Bayu',
  'Kartika',
  'Teguh',
  'Anisa',
  'Gilang',
  'Novi',
  'Hadi',
  'Yuni',
  'Arif',
  'Mega',
  'Irfan',
  'Citra',
  'Wahyu',
  'Diah',
  'Dedi',
  'Intan',
  'Surya',
  'Rahma',
  'Taufik',
] as const;

export const LAST_NAMES = [
  'Santoso',
  'Wijaya',
  'Saputra',
  'Lestari',
  'Pratama',
  'Hidayat',
  'Kusuma',
  'Nugroho',
  'Wibowo',
  'Siregar',
  'Nasution',
  'Harahap',
  'Simanjuntak',
  'Sihombing',
  'Gunawan',
  'Setiawan',
  'Purnomo',
  'Suryadi',
  'Hakim',
  'Rahman',
  'Syahputra',
  'Permana',
  'Halim',
  'Utomo',
  'Susanto',
  'Firmansyah',
  'Ramadhan',
  'Kurniawan',
  'Maharani',
  'Anggraini',
  'Situmorang',
  'Tanjung',
  'Sembiring',
  'Manurung',
] as const;
