import { ApiError } from '@sso/shared/api';
import type { ApiErrorBody } from '@sso/shared/contract';
import { serverFormErrors } from './server-form-errors';

const http = (status: number, body: ApiErrorBody) => new ApiError('http', body.message, status, body);

describe('serverFormErrors (spec 8: field errors, or the message)', () => {
  it.each([
    {
      name: 'nik field error',
      error: http(422, { message: 'NIK tidak terdaftar', errors: { nik: 'NIK tidak terdaftar' } }),
      fields: { nik: 'NIK tidak terdaftar' },
      message: null,
    },
    {
      name: 'password field error',
      error: http(422, { message: 'Password salah', errors: { password: 'Password salah' } }),
      fields: { password: 'Password salah' },
      message: null,
    },
    {
      name: 'both fields, list form takes the first message',
      error: http(422, { message: 'x', errors: { nik: ['NIK a', 'NIK b'], password: 'P' } }),
      fields: { nik: 'NIK a', password: 'P' },
      message: null,
    },
    {
      name: 'an error on another field → the message',
      error: http(422, { message: 'Akun tidak aktif', errors: { phone: 'Akun tidak aktif' } }),
      fields: {},
      message: 'Akun tidak aktif',
    },
    {
      name: 'no field errors → the message',
      error: http(403, { message: 'Aplikasi tidak tersedia untuk akun ini' }),
      fields: {},
      message: 'Aplikasi tidak tersedia untuk akun ini',
    },
    {
      name: 'network failure → Indonesian message',
      error: new ApiError('network', 'Tidak dapat terhubung ke server. Periksa koneksi Anda.'),
      fields: {},
      message: 'Tidak dapat terhubung ke server. Periksa koneksi Anda.',
    },
  ])('$name', ({ error, fields, message }) => {
    expect(serverFormErrors(error, ['nik', 'password'] as const)).toEqual({ fields, message });
  });

  it('maps any error, not only ApiError', () => {
    expect(serverFormErrors(new Error('boom'), ['phone'] as const).message).toBe('boom');
  });
});
