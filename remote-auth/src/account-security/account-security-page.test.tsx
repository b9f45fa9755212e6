/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twoStepPaths } from '@sso/shared/contract';
import { renderRoute } from '@sso/shared/testing';
import {
  bodiesSentTo,
  fakeServer,
  networkDown,
  refused,
  requestsTo,
  startFakeServer,
} from '@sso/shared/testing/fake-server';
import { twoStepScenarios, twoStepStatus as status } from '../test-support/two-step-scenarios';
import AccountSecurityPage from './account-security-page';

// Not an endpoint: the QR code library draws an SVG jsdom cannot measure; the test reads the secret.
jest.mock('uqr', () => ({ renderSVG: () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }));

const server = startFakeServer();
const factor = {
  id: 4,
  kind: 'totp' as const,
  label: 'Ponsel kantor',
  created_at: '2026-11-20T03:00:00.000Z',
  last_used_at: null,
};
const codes = Array.from({ length: 10 }, (_, i) => `kode${i}-abcde`);

function setup() {
  const user = userEvent.setup();
  renderRoute(<AccountSecurityPage />, { path: '/keamanan-akun' });
  return user;
}

describe('Keamanan Akun (issue 31)', () => {
  it('adds an authenticator app: QR code and secret, one code (checked first), then the recovery codes once', async () => {
    const added = status({ factors: [factor], recovery_codes_left: 10 });
    fakeServer.use(
      twoStepScenarios.status(status(), added),
      twoStepScenarios.totpOffered('JBSWY3DPEHPK3PXP'),
      twoStepScenarios.totpConfirmed(added, codes),
    );
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
    // Checked on the page: only the offer was asked for, no confirmation sent.
    expect(requestsTo(server.requests, 'POST', twoStepPaths.accountTotpConfirm)).toEqual([]);
    await user.clear(screen.getByRole('textbox', { name: 'Kode dari aplikasi' }));
    await user.type(screen.getByRole('textbox', { name: 'Kode dari aplikasi' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Aktifkan' }));
    const shown = await screen.findByRole('list', { name: 'Kode pemulihan' });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    expect(await bodiesSentTo(server.requests, 'POST', twoStepPaths.accountTotpConfirm)).toEqual([
      { enrolment: 'sealed', label: 'Ponsel kantor', code: '123456' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Saya sudah menyimpan kode ini' }));
    expect(await screen.findByText('Ponsel kantor')).toBeInTheDocument();
    expect(screen.getByText('Aktif')).toBeInTheDocument();
    expect(screen.getByText(/Tersisa 10 dari 10 kode/)).toBeInTheDocument();
  });

  it('the last app of a role that requires it cannot be removed', async () => {
    fakeServer.use(
      twoStepScenarios.status(status({ factors: [factor], recovery_codes_left: 8, required: true })),
    );
    setup();
    expect(await screen.findByText(/^Role Anda mewajibkan verifikasi dua langkah/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hapus' })).toBeDisabled();
  });

  it('removing asks for the current password and shows a wrong one under the field', async () => {
    fakeServer.use(
      twoStepScenarios.status(status({ factors: [factor], recovery_codes_left: 8 })),
      twoStepScenarios.factorRemoved(
        refused(422, 'Password atau kode salah', { password: 'Password atau kode salah' }),
      ),
    );
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Hapus' }));
    expect(screen.getByText('Masukkan password Anda untuk menghapus "Ponsel kantor".')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(screen.getByText('Password tidak boleh kosong')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password saat ini'), 'salah-sekali');
    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Password atau kode salah')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await bodiesSentTo(server.requests, 'DELETE', twoStepPaths.accountFactor(4))).toEqual([
        { password: 'salah-sekali' },
      ]),
    );
  });

  it('a passkey needs a name before the browser is asked', async () => {
    fakeServer.use(twoStepScenarios.status(status()));
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Tambah passkey' }));
    const label = screen.getByRole('textbox', { name: 'Nama perangkat' });
    expect(label).toHaveValue('Passkey perangkat ini');
    await user.clear(label);
    await user.type(label, '   ');
    await user.click(screen.getByRole('button', { name: 'Buat passkey' }));
    expect(await screen.findByText('Nama perangkat tidak boleh kosong')).toBeInTheDocument();
    expect(label).toHaveFocus();
    expect(requestsTo(server.requests, 'POST', twoStepPaths.accountPasskeyOptions)).toEqual([]);
  });

  it('new recovery codes ask for the current password, then show the new set once', async () => {
    fakeServer.use(
      twoStepScenarios.status(status({ factors: [factor], recovery_codes_left: 3 })),
      twoStepScenarios.recoveryCodesRenewed(codes),
    );
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Buat kode baru' }));
    await user.click(screen.getByRole('button', { name: 'Buat kode baru' }));
    expect(await screen.findByText('Password tidak boleh kosong')).toBeInTheDocument();
    expect(requestsTo(server.requests, 'POST', twoStepPaths.accountRecoveryCodes)).toEqual([]);
    await user.type(screen.getByLabelText('Password saat ini'), 'rahasia-saya');
    await user.click(screen.getByRole('button', { name: 'Buat kode baru' }));
    const shown = await screen.findByRole('list', { name: 'Kode pemulihan' });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    expect(await bodiesSentTo(server.requests, 'POST', twoStepPaths.accountRecoveryCodes)).toEqual([
      { password: 'rahasia-saya' },
    ]);
  });

  it('a failed read says so, never a blank page', async () => {
    fakeServer.use(twoStepScenarios.status(networkDown()));
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Gagal memuat keamanan akun: Tidak dapat terhubung ke server',
    );
  });
});
