import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, api } from '@sso/shared/api';
import { toast } from '@sso/shared/ui';
import { renderRoute } from '@sso/shared/testing';
import { remainingSeconds, startCooldown } from '../shared/otp/resend-cooldown';
import ForgotPasswordPage from './forgot-password-page';
import { resetCooldownStore, resetNikStore, resetOtpStore, resetPhoneStore } from './reset-storage';
import ValidateResetOtpPage from './validate-reset-otp-page';

let post: jest.SpiedFunction<typeof api.post>;
beforeEach(() => {
  window.localStorage.clear();
  post = jest.spyOn(api, 'post');
});
afterEach(() => post.mockRestore());

const sent = {
  message: 'Kode OTP berhasil dikirim',
  data: { masked_phone: '0812xxxxx890', expires_in: 300, resend_in: 60 },
};

describe('ForgotPasswordPage', () => {
  it('requires the NIK', async () => {
    const user = userEvent.setup();
    renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Kirim OTP' }));
    expect(await screen.findByText('NIK tidak boleh kosong')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('gets the masked phone, requests the code, toasts both messages, stores nik + masked phone and goes to /validate-otp', async () => {
    post
      .mockResolvedValueOnce({ message: 'NIK ditemukan', data: { masked_phone: '0812xxxxx890' } })
      .mockResolvedValueOnce(sent);
    const user = userEvent.setup();
    const success = jest.spyOn(toast, 'success');
    renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(screen.getByRole('textbox', { name: 'NIK' }), '100001{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/validate-otp');
    expect(post.mock.calls.map((call) => [call[0], call[1]])).toEqual([
      ['/forgot-password', { nik: '100001' }],
      ['/forgot-password/request-otp', { nik: '100001' }],
    ]);
    expect(resetNikStore.read()).toBe('100001');
    expect(resetPhoneStore.read()).toBe('0812xxxxx890');
    expect(remainingSeconds(resetCooldownStore.read(), Date.now())).toBe(60);
    // Spec 7: every success message is a toast, the account check's too; one stands at a time
    // (issue 37), the second after the first has been seen.
    expect(success.mock.calls.map(([message]) => message)).toEqual([
      'NIK ditemukan',
      'Kode OTP berhasil dikirim',
    ]);
    expect(await screen.findByText('Kode OTP berhasil dikirim')).toBeInTheDocument();
    success.mockRestore();
  });

  it('shows the server nik error under the field', async () => {
    post.mockRejectedValueOnce(
      new ApiError('http', 'NIK tidak terdaftar', 422, {
        message: 'NIK tidak terdaftar',
        errors: { nik: 'NIK tidak terdaftar' },
      }),
    );
    const user = userEvent.setup();
    renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    const nik = screen.getByRole('textbox', { name: 'NIK' });
    await user.type(nik, '999{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('NIK tidak terdaftar');
    expect(nik).toHaveAccessibleDescription('NIK tidak terdaftar');
    expect(resetNikStore.read()).toBeNull();
  });
});

describe('ValidateResetOtpPage', () => {
  function setup() {
    resetNikStore.write('100001');
    resetPhoneStore.write('0812xxxxx890');
    resetCooldownStore.write(startCooldown(Date.now()));
    const user = userEvent.setup();
    renderRoute(<ValidateResetOtpPage />, { path: '/validate-otp' });
    return user;
  }

  it('goes to /forgot-password without the stored nik and phone', () => {
    renderRoute(<ValidateResetOtpPage />, { path: '/validate-otp' });
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it('shows the stored masked phone', () => {
    setup();
    expect(screen.getByText('0812xxxxx890')).toBeInTheDocument();
  });

  it('sends an empty code as an empty value', async () => {
    post.mockRejectedValueOnce(
      new ApiError('http', 'Kode OTP tidak boleh kosong', 400, { message: 'Kode OTP tidak boleh kosong' }),
    );
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode OTP tidak boleh kosong');
    expect(post).toHaveBeenCalledWith(
      '/forgot-password/verify-otp',
      { nik: '100001', otp: '' },
      expect.anything(),
      { withCredentials: true },
    );
  });

  it('a verified code stores nik and otp, toasts the message and goes to /new-password', async () => {
    post.mockResolvedValueOnce({ message: 'Kode OTP valid', data: { nik: '100001', verified: true } });
    const user = setup();
    await user.keyboard('012345{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/new-password');
    expect(post).toHaveBeenCalledWith(
      '/forgot-password/verify-otp',
      { nik: '100001', otp: '012345' },
      expect.anything(),
      { withCredentials: true },
    );
    expect(resetOtpStore.read()).toBe('012345');
    expect(resetNikStore.read()).toBe('100001');
    expect(await screen.findByText('Kode OTP valid')).toBeInTheDocument();
  });

  it('the back arrow clears the stored data and returns to /forgot-password', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Kembali' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
    expect(resetNikStore.read()).toBeNull();
    expect(resetPhoneStore.read()).toBeNull();
    expect(resetCooldownStore.read()).toBeNull();
  });
});
