/** Texts of Detail User's two-step verification (issue 31). */
export const twoStepTexts = {
  title: 'Verifikasi dua langkah',
  loading: 'Memuat verifikasi dua langkah…',
  active: 'Aktif',
  inactive: 'Tidak aktif',
  required: 'diwajibkan oleh role',
  kindTotp: 'Aplikasi autentikator',
  kindPasskey: 'Passkey',
  addedAt: (at: string) => `ditambahkan ${at}`,
  usedAt: (at: string) => `terakhir dipakai ${at}`,
  codesLeft: (left: number) => `Kode pemulihan tersisa: ${left} dari 10`,
  ownAccount: 'Ini akun Anda: kelola verifikasi dua langkah Anda di Keamanan Akun.',
  reset: 'Reset verifikasi dua langkah',
  resetTitle: (name: string) => `Reset verifikasi dua langkah ${name}?`,
  resetBody:
    'Semua aplikasi autentikator dan kode pemulihan user ini dihapus, dan semua sesinya diakhiri. Jika role-nya mewajibkan verifikasi dua langkah, user diminta menambahkannya lagi saat masuk berikutnya.',
  reasonLabel: 'Alasan (opsional)',
  reasonPlaceholder: 'Contoh: ponsel hilang',
} as const;
