/** @jest-environment jest-fixed-jsdom */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@sso/shared/contract';
import { readSession } from '@sso/shared/session';
import { toast } from '@sso/shared/ui';
import { renderRoute } from '@sso/shared/testing';
import {
  answer,
  apiUrl,
  bodiesSentTo,
  fakeServer,
  http,
  HttpResponse,
  sessionScenarios,
  startFakeServer,
} from '@sso/shared/testing/fake-server';
import { startCooldown } from '../shared/otp/resend-cooldown';
import { loginCooldownStore, loginPhoneStore } from './login-phone-storage';
import VerifyLoginOtpPage from './verify-login-otp-page';

const server = startFakeServer();
const T0 = new Date('2025-01-01T08:00:00Z').getTime();
/** The bodies the page sent to `path`. */
const sent = (path: string) => bodiesSentTo(server.requests, 'POST', path);

beforeEach(() => {
  // The countdown's clock only: the fake server's own work runs on the real event loop.
  jest.useFakeTimers({ now: T0, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());

function setup() {
  loginPhoneStore.write('081234567890');
  loginCooldownStore.write(startCooldown(T0));
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderRoute(<VerifyLoginOtpPage />, { path: '/verifikasi-otp' });
  return user;
}

const resendButton = () => screen.getByRole('button', { name: /Kirim ulang OTP/ });
/** The api's code-6 answer: too many codes asked, wait `seconds`. */
const rateLimited = (seconds: number) =>
  http.post(apiUrl(paths.auth.requestOtp), () =>
    HttpResponse.json(
      {
        message: `Terlalu sering meminta kode OTP. Coba lagi dalam ${seconds} detik.`,
        code: 6,
        window_seconds: seconds,
      },
      { status: 429 },
    ),
  );

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
    fakeServer.use(...sessionScenarios.signsIn(paths.auth.loginPhone));
    const user = setup();
    await user.keyboard('012345{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(await sent(paths.auth.loginPhone)).toEqual([{ phone: '081234567890', otp: 12345 }]);
    // The chain ran with the login token the step answered.
    expect(await sent(paths.session.create)).toEqual([{ app_id: 1 }]);
    expect(readSession()).not.toBeNull();
    expect(success).toHaveBeenCalledWith('Login successfully');
    expect(loginPhoneStore.read()).toBeNull();
    expect(loginCooldownStore.read()).toBeNull();
  });

  it('sends an empty code as 0 and shows "Kode OTP tidak boleh kosong" for the 400', async () => {
    fakeServer.use(
      sessionScenarios.signInFails(paths.auth.loginPhone, 400, 'Kode OTP tidak boleh kosong', {
        otp: 'Kode OTP tidak boleh kosong',
      }),
    );
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode OTP tidak boleh kosong');
    expect(await sent(paths.auth.loginPhone)).toEqual([{ phone: '081234567890', otp: 0 }]);
  });

  it('maps "Unknown error." to the mismatch text and stores nothing', async () => {
    fakeServer.use(sessionScenarios.signInFails(paths.auth.loginPhone, 422, 'Unknown error.', { otp: 'x' }));
    const user = setup();
    await user.keyboard('999999{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Kode OTP tidak sesuai, silakan periksa kembali',
    );
    expect(readSession()).toBeNull();
  });

  it('a pasted code fills the boxes and is sent, again if asked; editing it clears the last answer', async () => {
    const refused = () =>
      sessionScenarios.signInFails(paths.auth.loginPhone, 422, 'Unknown error.', { otp: 'x' });
    fakeServer.use(refused(), refused());
    const user = setup();
    await user.paste('98 76 54');
    expect(screen.getByRole('textbox', { name: 'Digit 6 dari 6' })).toHaveValue('4');
    expect(screen.getByRole('textbox', { name: 'Digit 6 dari 6' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode OTP tidak sesuai');
    expect(await sent(paths.auth.loginPhone)).toEqual([{ phone: '081234567890', otp: 987654 }]);
    // The same code again is sent again (the last answer does not hold the form).
    await user.keyboard('{Enter}');
    await waitFor(async () => expect(await sent(paths.auth.loginPhone)).toHaveLength(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode OTP tidak sesuai');
    await user.keyboard('{Backspace}');
    expect(screen.getByRole('textbox', { name: 'Digit 6 dari 6' })).toHaveValue('');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
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
    fakeServer.use(
      http.post(apiUrl(paths.auth.requestOtp), () =>
        answer({ masked_phone: '0812xxxxx890', expires_in: 300, resend_in: 60 }, 'Kode OTP berhasil dikirim'),
      ),
    );
    const user = setup();
    act(() => jest.advanceTimersByTime(60_000));
    await user.click(resendButton());
    await waitFor(() => expect(success).toHaveBeenCalledWith('Kode OTP berhasil dikirim'));
    expect(await sent(paths.auth.requestOtp)).toEqual([{ phone: '081234567890' }]);
    await waitFor(() => expect(resendButton()).toHaveTextContent('05:00'));
    expect(loginCooldownStore.read()?.count).toBe(1);
  });

  it('shows the message of a code-6 answer and waits its window', async () => {
    fakeServer.use(rateLimited(42));
    loginPhoneStore.write('081234567890');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRoute(<VerifyLoginOtpPage />, { path: '/verifikasi-otp' });
    await user.click(resendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Coba lagi dalam 42 detik');
    expect(resendButton()).toBeDisabled();
    expect(resendButton()).toHaveTextContent('00:42');
    // 42 s from the answer (which came a few fake milliseconds after T0, the click's and the wait's).
    const stored = loginCooldownStore.read();
    expect(stored).toMatchObject({ count: 0, windowSeconds: 42 });
    expect((stored?.expiresAt ?? 0) - T0).toBeGreaterThanOrEqual(42_000);
    expect((stored?.expiresAt ?? 0) - T0).toBeLessThan(43_000);
  });

  it('the back arrow clears the stored phone and cooldown and returns to /login-by-phone', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Kembali' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login-by-phone');
    expect(loginPhoneStore.read()).toBeNull();
    expect(loginCooldownStore.read()).toBeNull();
  });
});
