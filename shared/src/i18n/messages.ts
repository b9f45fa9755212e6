/**
 * Indonesian texts of the spec, quoted exactly (spec sections 2, 4, 5, 8). One place, so a remote
 * never retypes a spec text.
 */
export const t = {
  nav: {
    panel: 'Panel',
    logout: 'Logout',
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
    deleteBody: (product: string) =>
      `Dengan menghapus, user tidak akan memilki akses ke aplikasi ${product}`,
  },
  roles: {
    empty: 'Belum Ada Role',
    allApplications: 'Semua Aplikasi',
  },
  pagination: {
    showing: 'Menampilkan',
    of: 'dari',
    previous: 'Halaman sebelumnya',
    next: 'Halaman berikutnya',
    page: (n: number) => `Halaman ${n}`,
  },
  federation: {
    remoteFailedTitle: 'Modul tidak dapat dimuat',
    remoteFailedBody: (name: string) =>
      `Bagian "${name}" sedang tidak tersedia. Bagian lain tetap dapat digunakan.`,
    pageNotFound: 'Halaman tidak ditemukan',
  },
  footer: (year: number) => `© ${year} SSO Group. Hak cipta dilindungi undang-undang.`,
} as const;
