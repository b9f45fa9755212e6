import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiError } from '@sso/shared/api';
import { twoStepPaths, type TwoStepStatus } from '@sso/shared/contract';
import { renderRoute } from '@sso/shared/testing';
import AccountSecurityPage from './account-security-page';

jest.mock('@sso/shared/api', () => ({
  ...jest.requireActual('@sso/shared/api'),
  api: { get: jest.fn(), post: jest.fn(), delete: jest.fn(), patch: jest.fn() },
}));
jest.mock('uqr', () => ({ renderSVG: () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }));

const get = jest.mocked(api.get);
const post = jest.mocked(api.post);
const remove = jest.mocked(api.delete);

const status = (overrides: Partial<TwoStepStatus> = {}): TwoStepStatus => ({
  factors: [],
  recovery_codes_left: 0,
  required: false,
  ...overrides,
});
const factor = {
  id: 4,
  kind: 'totp' as const,
  label: 'Ponsel kantor',
  created_at: '2026-11-20T03:00:00.000Z',
  last_used_at: null,
};
const codes = Array.from({ length: 10 }, (_, i) => `kode${i}-abcde`);

let current: TwoStepStatus;
beforeEach(() => {
  jest.clearAllMocks();
  current = status();
  get.mockImplementation(async () => ({ message: 'ok', data: current }));
});

function setup() {
  const user = userEvent.setup();
  renderRoute(<AccountSecurityPage />, { path: '/keamanan-akun' });
  return user;
}

describe('Keamanan Akun (issue 31)', () => {
  it('adds an authenticator app: QR code and secret, one code (checked first), then the recovery codes once', async () => {
    post.mockImplementation(async (path: string) => {
      if (path === twoStepPaths.accountTotp) {
        return {
          message: 'ok',
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
            enrolment: 'sealed',
          },
        };
      }
      current = status({ factors: [factor], recovery_codes_left: 10 });
      return { message: 'ok', data: { status: current, recovery_codes: codes } };
    });
    const user = setup();
    expect(await screen.findByText('Tidak aktif')).toBeInTheDocument();
    expect(screen.getByText('Belum ada metode verifikasi dua langkah.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tambah aplikasi autentikator' }));
    expect(
      await screen.findByRole('img', { name: 'Kode QR untuk aplikasi autentikator' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.clear(screen.getByRole('textbox', { name: 'Nama perangkat' }));
    await user.type(screen.getByRole('textbox', { name: 'Nama perangkat' }), 'Ponsel kantor');
    await user.type(screen.getByRole('textbox', { name: 'Kode dari aplikasi' }), '12a');
    await user.click(screen.getByRole('button', { name: 'Aktifkan' }));
    expect(screen.getByText('Kode autentikator harus 6 digit angka')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    await user.clear(screen.getByRole('textbox', { name: 'Kode dari aplikasi' }));
    await user.type(screen.getByRole('textbox', { name: 'Kode dari aplikasi' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Aktifkan' }));
    const shown = await screen.findByRole('list', { name: 'Kode pemulihan' });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    expect(post).toHaveBeenLastCalledWith(
      twoStepPaths.accountTotpConfirm,
      { enrolment: 'sealed', label: 'Ponsel kantor', code: '123456' },
      expect.anything(),
    );
    await user.click(screen.getByRole('button', { name: 'Saya sudah menyimpan kode ini' }));
    expect(await screen.findByText('Ponsel kantor')).toBeInTheDocument();
    expect(screen.getByText('Aktif')).toBeInTheDocument();
    expect(screen.getByText(/Tersisa 10 dari 10 kode/)).toBeInTheDocument();
  });

  it('the last app of a role that requires it cannot be removed', async () => {
    current = status({ factors: [factor], recovery_codes_left: 8, required: true });
    setup();
    expect(await screen.findByText(/^Role Anda mewajibkan verifikasi dua langkah/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hapus' })).toBeDisabled();
  });

  it('removing asks for the current password and shows a wrong one under the field', async () => {
    current = status({ factors: [factor], recovery_codes_left: 8 });
    remove.mockRejectedValueOnce(
      new ApiError('http', 'Password atau kode salah', 422, {
        message: 'Password atau kode salah',
        errors: { password: 'Password atau kode salah' },
      }),
    );
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Hapus' }));
    expect(screen.getByText('Masukkan password Anda untuk menghapus "Ponsel kantor".')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(screen.getByText('Password tidak boleh kosong')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password saat ini'), 'salah-sekali');
    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Password atau kode salah')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith(twoStepPaths.accountFactor(4), expect.anything(), {
      password: 'salah-sekali',
    });
  });

  it('a failed read says so, never a blank page', async () => {
    get.mockRejectedValue(new ApiError('network', 'Tidak dapat terhubung ke server'));
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Gagal memuat keamanan akun: Tidak dapat terhubung ke server',
    );
  });
});
