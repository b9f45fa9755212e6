import { USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS } from '@sso/shared/contract';

const number = (n: number) => n.toLocaleString('id-ID');
const megabytes = Math.round(USER_IMPORT_MAX_BYTES / (1024 * 1024));

/** Texts of users in bulk (issue 33): export, import, bulk role and AP/unit changes. Indonesian. */
export const bulkTexts = {
  download: 'Unduh CSV',
  downloading: 'Menyiapkan CSV…',
  downloadFailed: 'CSV tidak dapat diunduh',
  importUsers: 'Impor User',
  // Bulk bar
  changeRole: 'Ubah Role',
  addCompanies: 'Tambah AP/Unit',
  changeRoleTitle: 'Ubah Role',
  changeRoleBody: (count: number) => `Role baru untuk ${number(count)} user terpilih.`,
  newRole: 'Role baru',
  changeRoleConfirm: (count: number, role: string) => `Ubah role ${number(count)} user menjadi ${role}?`,
  changeRoleConfirmBody:
    'Setiap user diperiksa terhadap akses Anda; bila ada yang ditolak, tidak ada yang diubah. Sesi user yang role-nya berubah diakhiri.',
  addCompaniesTitle: 'Tambah AP/Unit',
  addCompaniesBody: (count: number) =>
    `AP dan unit ini ditambahkan ke ${number(count)} user terpilih; AP dan unit yang sudah dimiliki tetap.`,
  addCompaniesConfirm: (count: number) => `Tambahkan AP/Unit ke ${number(count)} user terpilih?`,
  addCompaniesConfirmBody:
    'Setiap user diperiksa terhadap akses Anda; bila ada yang ditolak, tidak ada yang diubah.',
  apply: 'Terapkan',
  // Import page
  pageTitle: 'Impor User',
  template: 'Unduh template',
  intro:
    'Tambahkan atau perbarui banyak user sekaligus dari berkas CSV. Berkas diperiksa lebih dahulu: tidak ada yang disimpan sebelum Anda menekan Impor.',
  rules: [
    `Berkas CSV UTF-8 (dengan atau tanpa BOM), pemisah koma atau titik koma, maksimal ${number(USER_IMPORT_MAX_ROWS)} baris dan ${megabytes} MB.`,
    'Kolom seperti hasil "Unduh CSV": NIK, Nama, Nomor HP, Email, Role, AP, Kode Unit, Unit (Status dan Terakhir Masuk diabaikan).',
    'AP ditulis dengan namanya, unit dengan kodenya (atau namanya di kolom Unit); beberapa nilai dipisah titik koma (;).',
    'User baru belum memiliki password: mereka membuatnya lewat Lupa Password.',
  ],
  uploadTitle: 'Unggah berkas',
  fileLabel: 'Berkas CSV',
  chooseFile: 'Pilih berkas',
  noFile: 'Belum ada berkas dipilih',
  updateExisting: 'Perbarui user yang sudah ada',
  updateExistingHint:
    'Baris dengan NIK yang sudah terdaftar memperbarui user tersebut; tanpa ini, baris itu ditolak.',
  check: 'Periksa berkas',
  checking: (percent: number) =>
    percent < 100 ? `Mengunggah berkas… ${percent}%` : 'Memeriksa setiap baris…',
  notCsv: 'Pilih berkas berakhiran .csv (simpan dari spreadsheet sebagai "CSV UTF-8").',
  tooLarge: `Ukuran berkas melebihi batas ${megabytes} MB. Bagi berkas menjadi beberapa bagian.`,
  emptyFile: 'Berkas kosong. Gunakan template dari "Unduh template".',
  checkFailed: 'Berkas tidak dapat diperiksa',
  previewTitle: 'Hasil pemeriksaan',
  counts: {
    create: 'Akan ditambahkan',
    update: 'Akan diperbarui',
    unchanged: 'Tanpa perubahan',
    error: 'Bermasalah',
  },
  filterLabel: 'Tampilkan baris',
  filterAll: 'Semua baris',
  action: {
    create: 'Ditambahkan',
    update: 'Diperbarui',
    unchanged: 'Tanpa perubahan',
    error: 'Bermasalah',
  },
  columns: {
    row: 'Baris',
    nik: 'NIK',
    nama: 'Nama',
    role: 'Role',
    ap: 'AP',
    unit: 'Unit',
    result: 'Hasil',
  },
  previewCaption: 'Baris berkas impor',
  noRows: 'Tidak ada baris dengan hasil ini.',
  downloadProblems: 'Unduh baris bermasalah',
  otherFile: 'Pilih berkas lain',
  importN: (count: number) => `Impor ${number(count)} user`,
  nothingToImport: 'Tidak ada baris yang dapat diimpor. Perbaiki baris bermasalah lalu periksa lagi.',
  importConfirm: (count: number) => `Impor ${number(count)} user?`,
  importConfirmBody: (create: number, update: number, errors: number) =>
    `${number(create)} ditambahkan, ${number(update)} diperbarui dalam satu proses: semua tersimpan atau tidak sama sekali.` +
    (errors > 0 ? ` ${number(errors)} baris bermasalah tidak diimpor.` : ''),
  importing: (count: number) => `Menyimpan ${number(count)} user… Jangan tutup halaman ini.`,
  importFailed: 'Impor gagal: tidak ada user yang disimpan',
  recheck: 'Periksa ulang berkas',
  doneTitle: 'Impor selesai',
  doneBody: (created: number, updated: number, unchanged: number) =>
    `${number(created)} user ditambahkan, ${number(updated)} diperbarui, ${number(unchanged)} tanpa perubahan. Setiap perubahan tercatat di Log Aktivitas.`,
  viewNew: 'Lihat user baru',
  viewUpdated: (nik: string) => `Lihat ${nik}`,
  backToList: 'Kembali ke daftar user',
  importAnother: 'Impor berkas lain',
} as const;
