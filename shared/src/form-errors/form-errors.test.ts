import type { ApiErrorBody } from '@sso/shared/contract';
import { ApiError, toApiError } from '@sso/shared/api';
import { serverFieldErrors } from '.';

const http = (status: number, body: ApiErrorBody) => new ApiError('http', body.message, status, body);

describe('serverFieldErrors (spec 5 and 8: field errors, or the message)', () => {
  it.each([
    {
      name: 'nik field error',
      error: http(422, { message: 'NIK tidak terdaftar', errors: { nik: 'NIK tidak terdaftar' } }),
      fields: { nik: 'NIK tidak terdaftar' },
      unplaced: null,
    },
    {
      name: 'password field error',
      error: http(422, { message: 'Password salah', errors: { password: 'Password salah' } }),
      fields: { password: 'Password salah' },
      unplaced: null,
    },
    {
      name: 'both fields, list form takes the first message',
      error: http(422, { message: 'x', errors: { nik: ['NIK a', 'NIK b'], password: 'P' } }),
      fields: { nik: 'NIK a', password: 'P' },
      unplaced: null,
    },
    {
      name: "field errors nested in data.errors (the spec's wording)",
      error: http(422, { message: 'Password salah', data: { errors: { password: ['Password salah'] } } }),
      fields: { password: 'Password salah' },
      unplaced: null,
    },
    {
      name: 'an error on another field → the message',
      error: http(422, { message: 'Akun tidak aktif', errors: { phone: 'Akun tidak aktif' } }),
      fields: {},
      unplaced: 'Akun tidak aktif',
    },
    {
      name: 'no field errors → the message',
      error: http(403, { message: 'Aplikasi tidak tersedia untuk akun ini' }),
      fields: {},
      unplaced: 'Aplikasi tidak tersedia untuk akun ini',
    },
    {
      name: 'network failure → Indonesian message',
      error: new ApiError('network', 'Tidak dapat terhubung ke server. Periksa koneksi Anda.'),
      fields: {},
      unplaced: 'Tidak dapat terhubung ke server. Periksa koneksi Anda.',
    },
  ])('$name', ({ error, fields, unplaced }) => {
    expect(serverFieldErrors(error, ['nik', 'password'] as const)).toEqual({
      fields,
      message: error.message,
      unplaced,
    });
  });

  it('maps api keys onto form fields, a nested key by its head', () => {
    const error = http(422, {
      message: 'Data tidak valid',
      errors: { role_ids: 'Role tidak dikenal', 'perusahaan.0.cabang': ['Unit bukan milik AP ini'], x: 'y' },
    });
    expect(serverFieldErrors(error, { role_ids: 'roleId', perusahaan: 'companies' } as const)).toEqual({
      fields: { roleId: 'Role tidak dikenal', companies: 'Unit bukan milik AP ini' },
      message: 'Data tidak valid',
      unplaced: null,
    });
  });

  it.each([
    ['NIK tidak terdaftar', { nik: 'NIK tidak terdaftar' }, null],
    ['Password salah', { password: 'Password salah' }, null],
    ['NIK atau password salah', {}, 'NIK atau password salah'],
    [
      'Terlalu banyak percobaan. Silakan coba lagi dalam 15 menit.',
      {},
      'Terlalu banyak percobaan. Silakan coba lagi dalam 15 menit.',
    ],
  ])('a message without field errors that names one field goes under it: %s', (message, fields, unplaced) => {
    const result = serverFieldErrors(http(422, { message }), ['nik', 'password'] as const, {
      namedBy: { nik: /\bNIK\b/i, password: /\bpassword\b/i },
    });
    expect(result).toEqual({ fields, message, unplaced });
  });

  it('maps any error, not only ApiError', () => {
    expect(serverFieldErrors(new Error('boom'), ['phone'] as const).unplaced).toBe('boom');
  });
});

describe('ApiError body', () => {
  it('keeps a body whose data is not field errors, and reads data.errors when it is', () => {
    const parsed = (data: unknown) =>
      toApiError(
        Object.assign(new Error('x'), {
          isAxiosError: true,
          response: { status: 422, data },
        }),
      );
    expect(parsed({ message: 'Gagal', data: null }).message).toBe('Gagal');
    expect(parsed({ message: 'Gagal', data: { errors: { nik: 'NIK salah' } } }).fieldError('nik')).toBe(
      'NIK salah',
    );
    expect(
      parsed({ message: 'Gagal', errors: { nik: 'a' }, data: { errors: { nik: 'b' } } }).fieldError('nik'),
    ).toBe('a');
  });
});
