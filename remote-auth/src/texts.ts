/**
 * Texts of the auth screens that the spec does not quote (labels, titles, hints). The spec's own
 * texts (buttons, validation and error messages) come from `t.auth` of @sso/shared/i18n.
 */
export const authText = {
  nikLabel: 'NIK',
  nikPlaceholder: 'Masukkan NIK',
  passwordLabel: 'Password',
  passwordPlaceholder: 'Masukkan password',
  forgotPasswordLink: 'Lupa Password?',
  loginByPhoneLink: 'Masuk dengan Nomor HP',
  /** A passkey as the first and only step (issue 31). */
  loginWithPasskey: 'Masuk dengan passkey',
  loginByNikLink: 'Masuk dengan NIK',
  otherWay: 'atau',
  loginTitle: 'Masuk ke akun Anda',
  loginDescription: 'Gunakan NIK dan password Anda.',
  /** A sign-in asked by another application while the panel is signed in (single sign-on). */
  continuingSignedIn: 'Anda sudah masuk. Melanjutkan ke aplikasi…',
  phoneTitle: 'Masuk dengan Nomor HP',
  phoneDescription: 'Kode OTP akan dikirim ke nomor HP yang terdaftar.',
  phoneLabel: 'Nomor HP',
  phonePlaceholder: 'Contoh: 081234567890',
  otpTitle: 'Verifikasi OTP',
  otpSentTo: 'Masukkan 6 digit kode OTP yang dikirim ke',
  otpLabel: 'Kode OTP',
  verify: 'Verifikasi',
  noCodeYet: 'Belum menerima kode?',
  resendIn: 'Kirim ulang OTP dalam',
  secondProofTitle: 'Verifikasi Masuk',
  secondProofIntro:
    'Browser ini belum pernah dipakai masuk ke akun ini, dan akun ini sedang dilindungi dari percobaan masuk yang salah. Jika NIK dan password Anda benar, kode OTP telah dikirim ke',
  secondProofNoCode: 'Tidak menerima kode?',
  secondProofAgain: 'Masuk lagi',
  forgotTitle: 'Lupa Password',
  forgotDescription: 'Masukkan NIK Anda. Kode OTP akan dikirim ke nomor HP yang terdaftar.',
  rememberPassword: 'Ingat password Anda?',
  backToLogin: 'Kembali ke halaman masuk',
  newPasswordTitle: 'Buat Password Baru',
  newPasswordDescription: 'Buat password baru untuk akun Anda.',
  newPasswordLabel: 'Password baru',
  confirmPasswordLabel: 'Konfirmasi password baru',
} as const;
