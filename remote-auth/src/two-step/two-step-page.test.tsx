import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sso/shared/api';
import { toast } from '@sso/shared/ui';
import { renderRoute } from '@sso/shared/testing';
import {
  confirmEnrolment,
  finishSignIn,
  startEnrolment,
  verifySecondStep,
  verifyWithPasskey,
} from './api/two-step-sign-in';
import { twoStepStore } from './two-step-storage';
import TwoStepPage from './two-step-page';

jest.mock('./api/two-step-sign-in', () => ({
  verifySecondStep: jest.fn(),
  verifyWithPasskey: jest.fn(),
  startEnrolment: jest.fn(),
  confirmEnrolment: jest.fn(),
  finishSignIn: jest.fn(),
}));
jest.mock('uqr', () => ({ renderSVG: () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }));

const verify = jest.mocked(verifySecondStep);
const start = jest.mocked(startEnrolment);
const confirm = jest.mocked(confirmEnrolment);
const finish = jest.mocked(finishSignIn);

const wrongCode = () =>
  new ApiError('http', 'Kode salah atau sudah digunakan', 422, {
    message: 'Kode salah atau sudah digunakan',
    errors: { code: 'Kode salah atau sudah digunakan' },
  });

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
});

function setup(enrol = false) {
  twoStepStore.write({ challenge: 'tantangan_2', enrol });
  const user = userEvent.setup();
  renderRoute(<TwoStepPage />, { path: '/verifikasi-dua-langkah' });
  return user;
}

describe('TwoStepPage (issue 31)', () => {
  it('goes back to /login without a stored challenge (a second step without a first)', () => {
    renderRoute(<TwoStepPage />, { path: '/verifikasi-dua-langkah' });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('asks for the authenticator code, checks its format before sending, then signs in', async () => {
    const success = jest.spyOn(toast, 'success');
    verify.mockResolvedValue(undefined);
    const user = setup();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verifikasi Dua Langkah');
    const field = screen.getByRole('textbox', { name: 'Kode autentikator' });
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect(screen.getByText('Kode tidak boleh kosong')).toBeInTheDocument();
    await user.type(field, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect(screen.getByText('Kode autentikator harus 6 digit angka')).toBeInTheDocument();
    expect(verify).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '123456{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(verify).toHaveBeenCalledWith({ challenge: 'tantangan_2', method: 'totp', code: '123456' });
    expect(success).toHaveBeenCalledWith('Login successfully');
  });

  it('shows a wrong code and stays; a recovery code can be used instead', async () => {
    verify.mockRejectedValueOnce(wrongCode()).mockResolvedValueOnce(undefined);
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: 'Kode autentikator' }), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode salah atau sudah digunakan');
    await user.click(screen.getByRole('button', { name: 'Gunakan kode pemulihan' }));
    expect(screen.getByText(/salah satu kode pemulihan/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Kode pemulihan' }), 'abcde-23456{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(verify).toHaveBeenLastCalledWith({
      challenge: 'tantangan_2',
      method: 'recovery',
      code: 'abcde-23456',
    });
  });

  it('offers "Gunakan passkey" only to a user with a passkey; a cancelled ceremony says so and stays', async () => {
    const withPasskey = jest.mocked(verifyWithPasskey);
    withPasskey
      .mockRejectedValueOnce(new Error('Passkey dibatalkan atau waktu habis. Coba lagi.'))
      .mockResolvedValueOnce();
    twoStepStore.write({ challenge: 'tantangan_3', enrol: false, passkey: true });
    const user = userEvent.setup();
    renderRoute(<TwoStepPage />, { path: '/verifikasi-dua-langkah' });
    await user.click(screen.getByRole('button', { name: 'Gunakan passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Passkey dibatalkan atau waktu habis. Coba lagi.',
    );
    await user.click(screen.getByRole('button', { name: 'Gunakan passkey' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(withPasskey).toHaveBeenLastCalledWith('tantangan_3');
  });

  it('shows no passkey button to a user without one', () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Gunakan passkey' })).toBeNull();
  });

  it('"Masuk lagi" clears the pending step and goes back to /login', async () => {
    const user = setup();
    await user.click(screen.getByRole('link', { name: 'Masuk lagi' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(twoStepStore.read()).toBeNull();
  });

  it('a required enrolment: QR code and secret, one code, then the recovery codes once, then the sign-in ends', async () => {
    start.mockResolvedValue({
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/SSO%20Panel:100009?secret=JBSWY3DPEHPK3PXP',
    });
    confirm.mockRejectedValueOnce(wrongCode()).mockResolvedValueOnce({
      token: 'login-token',
      apps_id: 1,
      recovery_codes: Array.from({ length: 10 }, (_, i) => `kode${i}-abcde`),
    });
    finish.mockResolvedValue(undefined);
    const user = setup(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Aktifkan Verifikasi Dua Langkah');
    expect(
      await screen.findByRole('img', { name: 'Kode QR untuk aplikasi autentikator' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(start).toHaveBeenCalledWith('tantangan_2');
    const field = screen.getByRole('textbox', { name: 'Kode autentikator' });
    await user.type(field, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode salah atau sudah digunakan');
    await user.clear(field);
    await user.type(field, '654321{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Simpan Kode Pemulihan' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(finish).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Saya sudah menyimpan kode ini' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(finish).toHaveBeenCalledWith({ token: 'login-token', apps_id: 1 });
  });

  it('an enrolment whose pending sign-in expired says so and offers to sign in again', async () => {
    start.mockRejectedValue(
      new ApiError('http', 'Sesi verifikasi tidak berlaku. Silakan masuk lagi.', 422, {
        message: 'Sesi verifikasi tidak berlaku. Silakan masuk lagi.',
        errors: { code: 'Sesi verifikasi tidak berlaku. Silakan masuk lagi.' },
      }),
    );
    setup(true);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sesi verifikasi tidak berlaku. Silakan masuk lagi.',
    );
    expect(screen.getByRole('button', { name: 'Masuk lagi' })).toBeInTheDocument();
  });
});
