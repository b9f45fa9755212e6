import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, api } from '@sso/shared/api';
import { renderRoute } from '@sso/shared/testing';
import { remainingSeconds } from '../shared/otp/resend-cooldown';
import { loginCooldownStore, loginPhoneStore } from './login-phone-storage';
import LoginPhonePage from './login-phone-page';

let post: jest.SpiedFunction<typeof api.post>;
beforeEach(() => {
  window.localStorage.clear();
  post = jest.spyOn(api, 'post');
});
afterEach(() => post.mockRestore());

function setup() {
  const user = userEvent.setup();
  renderRoute(<LoginPhonePage />, { path: '/login-by-phone' });
  return { user, phone: screen.getByRole('textbox', { name: 'Nomor HP' }) };
}

describe('LoginPhonePage', () => {
  it('has the send button and the link back to the NIK login', () => {
    setup();
    expect(screen.getByRole('button', { name: 'Kirim Kode OTP' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Masuk dengan NIK' })).toHaveAttribute('href', '/login');
  });

  it('accepts only digits when typing', async () => {
    const { user, phone } = setup();
    await user.type(phone, '08a1-2 3e+4');
    expect(phone).toHaveValue('081234');
    await user.type(phone, '{Backspace}{Backspace}');
    expect(phone).toHaveValue('0812');
  });

  it('strips non-digits from a paste', async () => {
    const { user, phone } = setup();
    await user.click(phone);
    await user.paste('+62 812-3456-7890');
    expect(phone).toHaveValue('6281234567890');
  });

  it('requests the OTP, stores the phone and a 60 s cooldown, and goes to /verifikasi-otp', async () => {
    post.mockResolvedValueOnce({
      message: 'Kode OTP berhasil dikirim',
      data: { masked_phone: '0812xxxxx890', expires_in: 300, resend_in: 60 },
    });
    const { user, phone } = setup();
    await user.type(phone, '081234567890{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/verifikasi-otp');
    expect(post).toHaveBeenCalledWith('/auth/request-otp', { phone: '081234567890' }, expect.anything());
    expect(loginPhoneStore.read()).toBe('081234567890');
    expect(remainingSeconds(loginCooldownStore.read(), Date.now())).toBe(60);
  });

  it.each([
    [
      'the phone field error',
      { message: 'Nomor HP tidak terdaftar', errors: { phone: 'Nomor HP tidak terdaftar' } },
    ],
    [
      'the message',
      { message: 'Terlalu sering meminta kode OTP. Coba lagi dalam 30 detik.', code: 6, window_seconds: 30 },
    ],
  ])('shows %s under the field and stays', async (_name, body) => {
    post.mockRejectedValueOnce(new ApiError('http', body.message, 422, body));
    const { user, phone } = setup();
    await user.type(phone, '089999999999{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(body.message);
    expect(phone).toHaveAccessibleDescription(body.message);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(loginPhoneStore.read()).toBeNull();
  });

  it.each([
    ['an empty number', '', 'Nomor HP tidak boleh kosong'],
    ['a number too short', '0812', 'Nomor HP tidak valid'],
  ])(
    "refuses %s under the field with the api's message, before any request",
    async (_name, typed, message) => {
      const { user, phone } = setup();
      if (typed) await user.type(phone, typed);
      await user.click(screen.getByRole('button', { name: 'Kirim Kode OTP' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(phone).toHaveAccessibleDescription(message);
      expect(phone).toHaveFocus();
      expect(post).not.toHaveBeenCalled();
    },
  );

  it('focuses the number the server refused and clears its answer once it is edited', async () => {
    post.mockRejectedValueOnce(
      new ApiError('http', 'Nomor HP tidak terdaftar', 422, {
        message: 'Nomor HP tidak terdaftar',
        errors: { phone: 'Nomor HP tidak terdaftar' },
      }),
    );
    const { user, phone } = setup();
    await user.type(phone, '089999999999{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Nomor HP tidak terdaftar');
    expect(phone).toHaveFocus();
    await user.type(phone, '{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
