/** Texts of two-step verification (issue 31): the sign-in step and Keamanan Akun. */
export const twoStepText = {
  title: 'Verifikasi Dua Langkah',
  totpIntro: 'Masukkan 6 digit kode dari aplikasi autentikator Anda.',
  recoveryIntro:
    'Masukkan salah satu kode pemulihan yang Anda simpan. Setiap kode hanya dapat dipakai sekali.',
  totpLabel: 'Kode autentikator',
  recoveryLabel: 'Kode pemulihan',
  verify: 'Verifikasi',
  useRecovery: 'Gunakan kode pemulihan',
  usePasskey: 'Gunakan passkey',
  useTotp: 'Gunakan aplikasi autentikator',
  lostAccess: 'Kehilangan akses ke semuanya? Hubungi administrator.',
  again: 'Masuk lagi',
  enrolTitle: 'Aktifkan Verifikasi Dua Langkah',
  enrolIntro:
    'Masuk ini memerlukan verifikasi dua langkah (diwajibkan oleh role Anda atau oleh aplikasi yang Anda buka). Tambahkan aplikasi autentikator untuk melanjutkan.',
  enrolStep1: 'Buka aplikasi autentikator (Google Authenticator, Microsoft Authenticator, 2FAS, dll.).',
  enrolStep2: 'Pindai kode QR di bawah, atau masukkan kode rahasia secara manual.',
  enrolStep3: 'Masukkan 6 digit kode yang muncul di aplikasi.',
  secretLabel: 'Kode rahasia',
  activate: 'Aktifkan',
  codesTitle: 'Simpan Kode Pemulihan',
  codesIntro:
    'Simpan 10 kode ini di tempat yang aman. Jika ponsel Anda hilang, setiap kode dapat dipakai sekali untuk masuk. Kode ini hanya ditampilkan sekarang.',
  codesSaved: 'Saya sudah menyimpan kode ini',
} as const;
