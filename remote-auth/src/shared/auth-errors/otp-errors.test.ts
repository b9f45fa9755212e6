import { ApiError } from '@sso/shared/api';
import type { ApiErrorBody } from '@sso/shared/contract';
import { otpErrorMessage, rateLimitWindow } from './otp-errors';

const http = (status: number, body: ApiErrorBody) => new ApiError('http', body.message, status, body);

describe('otpErrorMessage (spec 8 error catalogue)', () => {
  it.each([
    {
      name: 'Unknown error. → the mismatch text',
      error: http(422, { message: 'Unknown error.', errors: { otp: 'x' } }),
      shown: 'Kode OTP tidak sesuai, silakan periksa kembali',
    },
    {
      name: 'Unknown error. without field errors',
      error: http(422, { message: 'Unknown error.' }),
      shown: 'Kode OTP tidak sesuai, silakan periksa kembali',
    },
    {
      name: 'a request error (400) → the empty-code text',
      error: http(400, {
        message: 'Kode OTP tidak boleh kosong',
        errors: { otp: 'Kode OTP tidak boleh kosong' },
      }),
      shown: 'Kode OTP tidak boleh kosong',
    },
    {
      name: 'a 400 with another message still reads as an empty code',
      error: http(400, {
        message: 'Kode OTP harus berupa angka',
        errors: { otp: 'Kode OTP harus berupa angka' },
      }),
      shown: 'Kode OTP tidak boleh kosong',
    },
    {
      name: 'an otp field error → the server message',
      error: http(422, {
        message: 'Kode OTP sudah digunakan. Silakan minta kode OTP baru.',
        errors: { otp: 'Kode OTP sudah digunakan. Silakan minta kode OTP baru.' },
      }),
      shown: 'Kode OTP sudah digunakan. Silakan minta kode OTP baru.',
    },
    {
      name: 'the otp field message wins over the envelope message',
      error: http(422, { message: 'Gagal', errors: { otp: 'Kode OTP sudah kedaluwarsa.' } }),
      shown: 'Kode OTP sudah kedaluwarsa.',
    },
    {
      name: 'another error → its message',
      error: http(422, {
        message: 'Nomor HP tidak terdaftar',
        errors: { phone: 'Nomor HP tidak terdaftar' },
      }),
      shown: 'Nomor HP tidak terdaftar',
    },
    {
      name: 'a network failure → a clear Indonesian message',
      error: new ApiError('network', 'Tidak dapat terhubung ke server. Periksa koneksi Anda.'),
      shown: 'Tidak dapat terhubung ke server. Periksa koneksi Anda.',
    },
    {
      name: 'an unexpected response',
      error: new ApiError('invalid-response', 'Data dari server tidak dikenali', 200),
      shown: 'Data dari server tidak dikenali',
    },
  ])('$name', ({ error, shown }) => {
    expect(otpErrorMessage(error)).toBe(shown);
  });
});

describe('rateLimitWindow (code 6 carries window_seconds)', () => {
  it.each([
    { error: http(429, { message: 'Terlalu sering', code: 6, window_seconds: 42 }), window: 42 },
    { error: http(429, { message: 'Terlalu sering', code: 6 }), window: null },
    { error: http(429, { message: 'Terlalu sering', code: 7, window_seconds: 42 }), window: null },
    { error: http(422, { message: 'Unknown error.' }), window: null },
    { error: new ApiError('network', 'Tidak dapat terhubung'), window: null },
  ])('$error.message / $error.body.code → $window', ({ error, window }) => {
    expect(rateLimitWindow(error)).toBe(window);
  });
});
