/**
 * Indonesian texts of the spec, quoted exactly (spec sections 2, 4, 5, 8). One place, so a remote
 * never retypes a spec text.
 */
export const t = {
  nav: {
    panel: 'Panel',
    logout: 'Logout',
    /** Every signed-in user's own two-step verification (issue 31). */
    accountSecurity: 'Keamanan Akun',
  },
  common: {
    cancel: 'Batal',
    delete: 'Hapus',
    edit: 'Edit',
    save: 'Simpan',
    close: 'Tutup',
    back: 'Kembali',
    retry: 'Coba lagi',
    noOptions: 'No options',
    loading: 'Loading...',
    search: 'Cari',
    notFound: 'Data tidak ditemukan',
    clearFilters: 'Hapus filter',
    selected: (n: number) => `${n} terpilih`,
    leaveTitle: 'Keluar tanpa menyimpan?',
    leaveBody: 'Perubahan yang belum disimpan akan hilang.',
    leaveConfirm: 'Keluar',
    stay: 'Tetap di sini',
  },
  auth: {
    loginSuccess: 'Login successfully',
    nikRequired: 'NIK tidak boleh kosong',
    passwordRequired: 'Password tidak boleh kosong',
    login: 'Masuk',
    sendOtpCode: 'Kirim Kode OTP',
    sendOtp: 'Kirim OTP',
    resendOtp: 'Kirim ulang OTP',
    changePassword: 'Ganti Password',
    passwordHint: 'Password minimal 6 karakter',
    passwordMismatch: 'Password tidak sesuai',
    otpMismatch: 'Kode OTP tidak sesuai, silakan periksa kembali',
    otpEmpty: 'Kode OTP tidak boleh kosong',
  },
  users: {
    empty: 'Belum Ada User',
    viewDetail: 'Lihat Detail',
    detailTitle: 'Detail User',
    nameRequired: 'Nama tidak boleh kosong',
    roleRequired: 'Role harus dipilih',
    apRequired: 'Minimal pilih 1 AP',
    allUnits: 'Semua Unit',
    deleteTitle: (nama: string) => `Hapus user "${nama}"?`,
    deleteBody: (product: string) => `Dengan menghapus, user tidak akan memilki akses ke aplikasi ${product}`,
    // Spec 2 screen titles, columns and drawer fields.
    listTitle: 'User Management',
    createTitle: 'Tambah User',
    editTitle: 'Edit User',
    fieldName: 'Nama',
    fieldNik: 'NIK',
    fieldPhone: 'No. Handphone',
    fieldRole: 'Role',
    fieldAp: 'AP',
    fieldUnit: 'Unit',
    apList: 'Daftar AP',
    unitList: 'Daftar Unit',
    apAll: 'All',
  },
  roles: {
    empty: 'Belum Ada Role',
    allApplications: 'Semua Aplikasi',
    listTitle: 'Role Management',
    createTitle: 'Tambah Role',
    editTitle: 'Edit Role',
    /** Access levels of spec 6: owner (1), modifier (2), viewer (3, default). */
    accessLevels: { 1: 'Owner', 2: 'Modifier', 3: 'Viewer' },
  },
  pagination: {
    showing: 'Menampilkan',
    of: 'dari',
    perPage: 'per halaman',
    /** The rows shown of the total: "1–7 dari 7", "11–20 dari 123", "0 dari 0". */
    range: (first: string, last: string, total: string) =>
      first === last && first === '0' ? `0 dari ${total}` : `${first}–${last} dari ${total}`,
    previous: 'Halaman sebelumnya',
    next: 'Halaman berikutnya',
    page: (n: number) => `Halaman ${n}`,
  },
  federation: {
    remoteFailedTitle: 'Modul tidak dapat dimuat',
    remoteFailedBody: (name: string) =>
      `Bagian "${name}" sedang tidak tersedia. Bagian lain tetap dapat digunakan.`,
    pageNotFound: 'Halaman tidak ditemukan',
    newVersionTitle: 'Versi baru tersedia',
    newVersionBody: (modules: readonly string[]) =>
      `Modul ${modules.join(', ')} telah diperbarui. Muat ulang halaman untuk memakainya.`,
    reload: 'Muat ulang',
    later: 'Nanti',
  },
  access: {
    noAccessTitle: 'Anda tidak memiliki akses ke halaman ini',
    noAccessBody: 'Peran Anda tidak mencakup halaman ini. Hubungi administrator bila Anda memerlukannya.',
    backHome: 'Kembali ke Home',
  },
  edit: {
    loading: 'Memuat data…',
    refreshedTitle: 'Data diperbarui dari server',
    refreshedBody:
      'Tautan yang dibuka memuat data yang berbeda. Formulir menampilkan data yang tersimpan saat ini.',
    loadFailed: 'Data tidak dapat dimuat',
    reload: 'Muat ulang data',
    reloadTitle: 'Muat ulang data?',
    reloadBody: 'Isian yang belum disimpan akan hilang dan formulir menampilkan data terbaru dari server.',
    reloadConfirm: 'Muat ulang',
  },
  footer: (year: number) => `© ${year} SSO Group. Hak cipta dilindungi undang-undang.`,
} as const;
