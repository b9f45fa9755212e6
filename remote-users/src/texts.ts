/**
 * Texts of this remote that the spec does not fix (its own texts live in @sso/shared/i18n `t`).
 * Indonesian, one place.
 */
export const texts = {
  addUser: 'Tambah User',
  searchLabel: 'Cari user',
  searchPlaceholder: 'Cari nama, NIK atau no. HP',
  filterAp: 'Filter AP',
  filterUnit: 'Filter unit',
  filterRole: 'Filter role',
  allAp: 'Semua AP',
  alreadyRegistered: 'Sudah terdaftar',
  /** Tambah User's picker: an employee of one of the signed-in user's own APs (listed first). */
  ownCompany: 'AP Anda',
  allUnit: 'Semua Unit',
  allRole: 'Semua Role',
  tableCaption: 'Daftar user',
  rowActions: (nama: string) => `Aksi untuk ${nama}`,
  selectRow: (nama: string) => `Pilih ${nama}`,
  selectAll: 'Pilih semua user di halaman ini',
  loadFailed: 'Daftar user tidak dapat dimuat',
  emptyBody: 'Tambahkan user pertama dengan tombol Tambah User.',
  noMatchBody: 'Ubah kata kunci atau filter pencarian.',
  unitsOf: (company: string) => `Unit ${company}`,
  noUnits: 'Tidak ada unit',
  bulkDeleteTitle: (count: number) => `Hapus ${count} user terpilih?`,
  /** Who a bulk action is about: up to five names, then how many more ("… dan 3 user lainnya"). */
  namedUsers: (names: readonly string[], count: number) => {
    const shown = names.slice(0, 5);
    const rest = count - shown.length;
    if (shown.length === 0) return `${count} user`;
    if (rest > 0) return `${shown.join(', ')} dan ${rest} user lainnya`;
    if (shown.length === 1) return shown[0] ?? '';
    return `${shown.slice(0, -1).join(', ')} dan ${shown[shown.length - 1]}`;
  },
  bulkUsersLine: (who: string) => `User terpilih: ${who}.`,
  // Account lifecycle: status, sessions, last sign-in, sign-in lock.
  filterStatus: 'Filter status',
  allStatus: 'Semua Status',
  statusActive: 'Aktif',
  statusInactive: 'Nonaktif',
  fieldStatus: 'Status',
  deactivate: 'Nonaktifkan',
  activate: 'Aktifkan',
  deactivateTitle: (nama: string) => `Nonaktifkan user "${nama}"?`,
  deactivateManyTitle: (count: number) => `Nonaktifkan ${count} user terpilih?`,
  deactivateBody: 'User tidak dapat masuk dan semua sesinya diakhiri',
  activateTitle: (nama: string) => `Aktifkan user "${nama}"?`,
  activateBody: 'User dapat masuk kembali dengan NIK atau nomor HP-nya.',
  reasonLabel: 'Alasan (opsional)',
  reasonPlaceholder: 'Mis. resign, cuti panjang, perangkat hilang',
  deactivatedBy: (nama: string, when: string) => `Dinonaktifkan oleh ${nama}, ${when}`,
  activatedBy: (nama: string, when: string) => `Diaktifkan oleh ${nama}, ${when}`,
  deactivatedAt: (when: string) => `Dinonaktifkan ${when}`,
  activatedAt: (when: string) => `Diaktifkan ${when}`,
  reason: (text: string) => `Alasan: ${text}`,
  lastSignIn: 'Terakhir masuk',
  neverSignedIn: 'Belum pernah masuk',
  lockedUntil: (time: string, failures: number) =>
    `Diblokir sementara sampai ${time} (${failures} percobaan gagal)`,
  unlock: 'Buka blokir',
  sessionsTitle: 'Sesi Aktif',
  noSessions: 'Tidak ada sesi aktif',
  endSession: 'Akhiri',
  endSessionLabel: (what: string) => `Akhiri sesi ${what}`,
  endSessionTitle: (nama: string) => `Akhiri sesi "${nama}"?`,
  endSessionBody: (what: string) =>
    `Sesi ${what} diakhiri; user harus masuk kembali di perangkat itu dan akan melihat bahwa sesinya diakhiri oleh administrator.`,
  endAllSessions: 'Keluarkan dari semua sesi',
  endAllTitle: (nama: string) => `Keluarkan "${nama}" dari semua sesi?`,
  endAllBody: 'Semua sesi user ini diakhiri; user harus masuk kembali.',
  signedInAt: (when: string) => `Masuk ${when}`,
  lastActive: 'aktif terakhir',
  unknownBrowser: 'Peramban tidak diketahui',
  accountLoading: 'Memuat status akun…',
  accountFailed: 'Status akun tidak dapat dimuat',
  ownAccount: 'Ini akun Anda: status dan sesinya tidak diubah dari sini.',
  // Form
  /** The hint by a disabled Simpan (issue 37), as the role editor's. */
  missingHint: (fields: readonly string[]) => `Untuk menyimpan, lengkapi: ${fields.join(', ')}.`,
  missingPerson: 'nama karyawan',
  missingRole: 'role',
  missingAp: 'minimal 1 AP',
  missingUnitOf: (company: string) => `unit ${company}`,
  unitRequired: 'Pilih minimal 1 unit untuk setiap AP yang dipilih',
  apWithoutUnits: 'AP ini belum memiliki unit, sehingga tidak dapat dipilih. Hapus AP ini dari pilihan.',
  pickUnit: 'Pilih minimal 1 unit.',
  namePlaceholder: 'Ketik minimal 2 huruf nama karyawan',
  rolePlaceholder: 'Pilih role',
  apPlaceholder: 'Pilih AP',
  removeChip: (name: string) => `Hapus ${name}`,
  unitsHeading: 'Unit per AP',
  referenceFailed: 'Data AP atau role tidak dapat dimuat',
  hashIdInvalidTitle: 'Data user tidak valid',
  hashIdInvalidBody:
    'Tautan edit user ini rusak atau telah diubah, sehingga datanya tidak dapat dibaca. Buka kembali dari daftar user.',
  backToList: 'Kembali ke daftar user',
  missingTitle: 'User tidak ditemukan',
  missingBody:
    'User ini sudah tidak ada, mungkin telah dihapus. Kembali ke daftar user untuk melihat data terbaru.',
  /** Detail User: Log Aktivitas filtered on this user (actor or target). */
  viewActivity: 'Lihat aktivitas',
  // Home card
  card: {
    registered: 'user terdaftar',
    addedThisWeek: (count: string) => `+${count} ditambahkan dalam 7 hari terakhir`,
    openList: 'Buka User Management',
  },
} as const;
