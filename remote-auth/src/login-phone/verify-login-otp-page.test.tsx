import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, api, completeLogin } from '@sso/shared/api';
import { readSession } from '@sso/shared/session';
import { toast } from '@sso/shared/ui';
import { renderRoute } from '@sso/shared/testing';
import { createSession } from '../test-support/factories';
import { startCooldown } from '../otp/resend-cooldown';
import { loginCooldownStore, loginPhoneStore } from './login-phone-storage';
import VerifyLoginOtpPage from './verify-login-otp-page';

jest.mock('@sso/shared/api', () => ({
  ...jest.requireActual('@sso/shared/api'),
  completeLogin: jest.fn(),
}));
const completeLoginMock = jest.mocked(completeLogin);
const T0 = new Date('2025-01-01T08:00:00Z').getTime();

let post: jest.SpiedFunction<typeof api.post>;
beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  window.localStorage.clear();
  post = jest.spyOn(api, 'post');
  completeLoginMock.mockReset();
});
afterEach(() => {
  jest.useRealTimers();
  post.mockRestore();
});

function setup() {
  loginPhoneStore.write('081234567890');
  loginCooldownStore.write(startCooldown(T0));
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderRoute(<VerifyLoginOtpPage />, { path: '/verifikasi-otp' });
  return user;
}

const resendButton = () => screen.getByRole('button', { name: /Kirim ulang OTP/ });
const rateLimited = (seconds: number) =>
  new ApiError('http', `Terlalu sering meminta kode OTP. Coba lagi dalam ${seconds} detik.`, 429, {
    message: `Terlalu sering meminta kode OTP. Coba lagi dalam ${seconds} detik.`,
    code: 6,
    window_seconds: seconds,
  });

describe('VerifyLoginOtpPage', () => {
  it('goes back to /login-by-phone when no phone is stored (direct visit)', () => {
    renderRoute(<VerifyLoginOtpPage />, { path: '/verifikasi-otp' });
    expect(screen.getByTestId('location')).toHaveTextContent('/login-by-phone');
  });

  it('shows the phone masked and the first box focused', () => {
    setup();
    expect(screen.getByText('0812xxxxx890')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Digit 1 dari 6' })).toHaveFocus();
  });

  it('sends the code as a number, runs the chain, stores the session and clears the flow', async () => {
    const success = jest.spyOn(toast, 'success');
    post.mockResolvedValueOnce({ message: 'Login berhasil', data: { token: 'tok', apps_id: 1 } });
    completeLoginMock.mockResolvedValue(createSession());
    const user = setup();
    await user.keyboard('012345{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(post).toHaveBeenCalledWith(
      '/auth/login/phone',
      { phone: '081234567890', otp: 12345 },
      expect.anything(),
      { withCredentials: true },
    );
    expect(completeLoginMock).toHaveBeenCalledWith('tok', 1);
    expect(readSession()).not.toBeNull();
    expect(success).toHaveBeenCalledWith('Login successfully');
    expect(loginPhoneStore.read()).toBeNull();
    expect(loginCooldownStore.read()).toBeNull();
  });

  it('sends an empty code as 0 and shows "Kode OTP tidak boleh kosong" for the 400', async () => {
    post.mockRejectedValueOnce(
      new ApiError('http', 'Kode OTP tidak boleh kosong', 400, {
        message: 'Kode OTP tidak boleh kosong',
        errors: { otp: 'Kode OTP tidak boleh kosong' },
      }),
    );
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode OTP tidak boleh kosong');
    expect(post).toHaveBeenCalledWith(
      '/auth/login/phone',
      { phone: '081234567890', otp: 0 },
      expect.anything(),
      { withCredentials: true },
    );
  });

  it('maps "Unknown error." to the mismatch text and stores nothing', async () => {
    post.mockRejectedValueOnce(
      new ApiError('http', 'Unknown error.', 422, { message: 'Unknown error.', errors: { otp: 'x' } }),
    );
    const user = setup();
    await user.keyboard('999999{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Kode OTP tidak sesuai, silakan periksa kembali',
    );
    expect(readSession()).toBeNull();
  });

  it('counts down mm:ss, then offers "Kirim ulang OTP"', () => {
    setup();
    expect(resendButton()).toBeDisabled();
    expect(resendButton()).toHaveTextContent('01:00');
    act(() => jest.advanceTimersByTime(1000));
    expect(resendButton()).toHaveTextContent('00:59');
    act(() => jest.advanceTimersByTime(59_000));
    expect(resendButton()).toBeEnabled();
    expect(resendButton()).toHaveTextContent(/^Kirim ulang OTP$/);
  });

  it('resumes the stored countdown after a reload', () => {
    loginPhoneStore.write('081234567890');
    loginCooldownStore.write({ count: 1, expiresAt: T0 + 200_000, windowSeconds: null });
    renderRoute(<VerifyLoginOtpPage />, { path: '/verifikasi-otp' });
    expect(resendButton()).toHaveTextContent('03:20');
  });

  it('resends through /auth/request-otp and waits 300 s for the next one', async () => {
    const success = jest.spyOn(toast, 'success');
    post.mockResolvedValueOnce({
      message: 'Kode OTP berhasil dikirim',
      data: { masked_phone: '0812xxxxx890', expires_in: 300, resend_in: 60 },
    });
    const user = setup();
    act(() => jest.advanceTimersByTime(60_000));
    await user.click(resendButton());
    expect(post).toHaveBeenCalledWith('/auth/request-otp', { phone: '081234567890' }, expect.anything());
    expect(success).toHaveBeenCalledWith('Kode OTP berhasil dikirim');
    await waitFor(() => expect(resendButton()).toHaveTextContent('05:00'));
    expect(loginCooldownStore.read()?.count).toBe(1);
  });

  it('shows the message of a code-6 answer and waits its window', async () => {
    post.mockRejectedValueOnce(rateLimited(42));
    loginPhoneStore.write('081234567890');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRoute(<VerifyLoginOtpPage />, { path: '/verifikasi-otp' });
    await user.click(resendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Coba lagi dalam 42 detik');
    expect(resendButton()).toBeDisabled();
    expect(resendButton()).toHaveTextContent('00:42');
    expect(loginCooldownStore.read()).toEqual({ count: 0, expiresAt: T0 + 42_000, windowSeconds: 42 });
  });

  it('the back arrow clears the stored phone and cooldown and returns to /login-by-phone', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Kembali' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login-by-phone');
    expect(loginPhoneStore.read()).toBeNull();
    expect(loginCooldownStore.read()).toBeNull();
  });
});
