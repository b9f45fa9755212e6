import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, api } from '@sso/shared/api';
import { toast } from '@sso/shared/ui';
import { renderRoute } from '@sso/shared/testing';
import { remainingSeconds, startCooldown } from '../otp/resend-cooldown';
import ForgotPasswordPage from './forgot-password-page';
import NewPasswordPage from './new-password-page';
import { newPasswordToSend } from './api/reset-password';
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
const newPasswordInput = () => screen.getByLabelText('Password baru', { selector: 'input' });
const confirmInput = () => screen.getByLabelText('Konfirmasi password baru', { selector: 'input' });

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

describe('NewPasswordPage', () => {
  function setup() {
    resetNikStore.write('100001');
    resetPhoneStore.write('0812xxxxx890');
    resetOtpStore.write('123456');
    resetCooldownStore.write(startCooldown(Date.now()));
    const user = userEvent.setup();
    renderRoute(<NewPasswordPage />, { path: '/new-password' });
    return user;
  }
  const hint = () => screen.getByText('Password minimal 6 karakter');

  it('goes to /forgot-password without the stored otp', () => {
    resetNikStore.write('100001');
    renderRoute(<NewPasswordPage />, { path: '/new-password' });
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it('turns the hint red while the password is shorter than 6 characters', async () => {
    const user = setup();
    expect(hint().className).not.toMatch(/hintError/);
    await user.type(newPasswordInput(), 'abc');
    expect(hint().className).toMatch(/hintError/);
    await user.type(newPasswordInput(), 'def');
    expect(hint().className).not.toMatch(/hintError/);
  });

  it('counts no white space at either end, like the api: six spaces are too short', async () => {
    const user = setup();
    await user.type(newPasswordInput(), '      ');
    expect(hint().className).toMatch(/hintError/);
    await user.click(screen.getByRole('button', { name: 'Ganti Password' }));
    expect(post).not.toHaveBeenCalled();
  });

  it('sends nothing while the password is too short', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Ganti Password' }));
    expect(hint().className).toMatch(/hintError/);
    expect(newPasswordInput()).toHaveFocus();
    expect(post).not.toHaveBeenCalled();
  });

  it('says "Password tidak sesuai" when the confirmation differs, and sends an empty new password', async () => {
    post.mockRejectedValueOnce(
      new ApiError('http', 'Password minimal 6 karakter', 422, {
        message: 'Password minimal 6 karakter',
        errors: { new_password: 'Password minimal 6 karakter' },
      }),
    );
    const user = setup();
    await user.type(newPasswordInput(), 'rahasia1');
    await user.type(confirmInput(), 'rahasia2');
    await user.click(screen.getByRole('button', { name: 'Ganti Password' }));
    expect(confirmInput()).toHaveAccessibleDescription('Password tidak sesuai');
    expect(post).toHaveBeenCalledWith(
      '/forgot-password/reset',
      { nik: '100001', otp: '123456', new_password: '' },
      expect.anything(),
      { withCredentials: true },
    );
    // Once the answer is in, its new_password error stays hidden: the mismatch says why.
    await act(async () => {});
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(newPasswordInput()).not.toHaveAttribute('aria-invalid');
  });

  it('resets, shows the server message, clears every stored value and goes to /', async () => {
    const success = jest.spyOn(toast, 'success');
    post.mockResolvedValueOnce({ message: 'Password berhasil diubah', data: null });
    const user = setup();
    await user.type(newPasswordInput(), 'rahasia1');
    await user.type(confirmInput(), 'rahasia1{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(post).toHaveBeenCalledWith(
      '/forgot-password/reset',
      { nik: '100001', otp: '123456', new_password: 'rahasia1' },
      expect.anything(),
      { withCredentials: true },
    );
    expect(success).toHaveBeenCalledWith('Password berhasil diubah');
    for (const store of [resetNikStore, resetOtpStore, resetPhoneStore, resetCooldownStore]) {
      expect(store.read()).toBeNull();
    }
  });

  it('shows an otp error of the reset as a message', async () => {
    post.mockRejectedValueOnce(
      new ApiError('http', 'Kode OTP sudah kedaluwarsa.', 422, {
        message: 'Kode OTP sudah kedaluwarsa.',
        errors: { otp: 'Kode OTP sudah kedaluwarsa.' },
      }),
    );
    const user = setup();
    await user.type(newPasswordInput(), 'rahasia1');
    await user.type(confirmInput(), 'rahasia1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode OTP sudah kedaluwarsa.');
  });

  it('the back arrow clears the otp and returns to /validate-otp', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Kembali' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/validate-otp');
    expect(resetOtpStore.read()).toBeNull();
    expect(resetNikStore.read()).toBe('100001');
  });
});

describe('newPasswordToSend', () => {
  it.each([
    ['rahasia1', 'rahasia1', 'rahasia1'],
    ['rahasia1', 'rahasia2', ''],
    ['rahasia1', '', ''],
    ['', '', ''],
  ])('%j / %j → %j', (password, confirm, sentValue) => {
    expect(newPasswordToSend(password, confirm)).toBe(sentValue);
  });
});
