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
  // Form
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
