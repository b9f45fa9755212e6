import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, SecondProofRequired, TwoStepRequired, loginWithNik } from '@sso/shared/api';
import { noteSessionEnded, readSession, readSessionEndNotice } from '@sso/shared/session';
import { toast } from '@sso/shared/ui';
import { renderRoute } from '@sso/shared/testing';
import { createSession } from '../test-support/factories';
import { secondProofStore } from '../second-proof/second-proof-storage';
import { twoStepStore } from '../two-step/two-step-storage';
import { loginWithPasskey } from './api/login-with-passkey';
import LoginPage from './login-page';

jest.mock('@sso/shared/api', () => ({
  ...jest.requireActual('@sso/shared/api'),
  loginWithNik: jest.fn(),
}));
const loginWithNikMock = jest.mocked(loginWithNik);
jest.mock('./api/login-with-passkey', () => ({ loginWithPasskey: jest.fn() }));
const loginWithPasskeyMock = jest.mocked(loginWithPasskey);

const fieldError = (field: string, message: string) =>
  new ApiError('http', message, 422, { message, errors: { [field]: message } });

function setup() {
  const user = userEvent.setup();
  renderRoute(<LoginPage />, { path: '/login' });
  const nik = screen.getByRole('textbox', { name: 'NIK' });
  const password = screen.getByLabelText('Password', { selector: 'input' });
  const submit = screen.getByRole('button', { name: 'Masuk' });
  return { user, nik, password, submit };
}

beforeEach(() => {
  window.localStorage.clear();
  loginWithNikMock.mockReset();
});

describe('LoginPage', () => {
  it('goes on to /verifikasi-dua-langkah, nothing stored but the challenge, when the api asks for the second step (issue 31)', async () => {
    loginWithNikMock.mockRejectedValue(
      new TwoStepRequired('Verifikasi dua langkah diperlukan', {
        challenge: 'tantangan_2',
        enrol: false,
        methods: ['totp', 'passkey', 'recovery'],
        expires_in: 600,
      }),
    );
    const { user, nik, password, submit } = setup();
    await user.type(nik, '100007');
    await user.type(password, 'password123');
    await user.click(submit);
    expect(await screen.findByTestId('location')).toHaveTextContent('/verifikasi-dua-langkah');
    expect(twoStepStore.read()).toEqual({ challenge: 'tantangan_2', enrol: false, passkey: true });
    expect(readSession()).toBeNull();
  });

  it('"Masuk dengan passkey" signs in with a passkey alone, or says why not', async () => {
    loginWithPasskeyMock
      .mockRejectedValueOnce(new Error('Passkey tidak dikenali. Masuk dengan NIK dan password.'))
      .mockResolvedValueOnce();
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Masuk dengan passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Passkey tidak dikenali. Masuk dengan NIK dan password.',
    );
    await user.click(screen.getByRole('button', { name: 'Masuk dengan passkey' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(loginWithNikMock).not.toHaveBeenCalled();
  });

  it('goes on to /verifikasi-masuk, the challenge stored, when the api asks for a second proof (issue 36)', async () => {
    loginWithNikMock.mockRejectedValue(
      new SecondProofRequired('Verifikasi tambahan diperlukan', {
        challenge: 'tantangan_1',
        masked_phone: '0812xxxxx890',
        expires_in: 300,
      }),
    );
    const { user, nik, password, submit } = setup();
    await user.type(nik, '100001');
    await user.type(password, 'admin123');
    await user.click(submit);
    expect(await screen.findByTestId('location')).toHaveTextContent('/verifikasi-masuk');
    expect(secondProofStore.read()).toEqual({ challenge: 'tantangan_1', masked_phone: '0812xxxxx890' });
    expect(readSession()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the fields, the show/hide control and both links', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tampilkan password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lupa Password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Masuk dengan Nomor HP' })).toHaveAttribute(
      'href',
      '/login-by-phone',
    );
  });

  it('says why the last session ended, until the next sign-in', async () => {
    noteSessionEnded('Sesi Anda telah diakhiri oleh administrator.');
    const { user, nik, password, submit } = setup();
    expect(screen.getByText('Sesi Anda telah diakhiri oleh administrator.')).toHaveAttribute(
      'role',
      'status',
    );
    loginWithNikMock.mockResolvedValue(createSession());
    await user.type(nik, '100001');
    await user.type(password, 'admin123');
    await user.click(submit);
    await waitFor(() => expect(readSession()).not.toBeNull());
    expect(readSessionEndNotice()).toBeNull();
  });

  it('says nothing of a session when none was ended', () => {
    setup();
    expect(screen.queryByText(/Sesi Anda/)).not.toBeInTheDocument();
  });

  it('requires NIK and password before calling the api', async () => {
    const { user, nik, submit } = setup();
    await user.click(submit);
    expect(await screen.findByText('NIK tidak boleh kosong')).toBeInTheDocument();
    expect(screen.getByText('Password tidak boleh kosong')).toBeInTheDocument();
    expect(nik).toHaveAttribute('aria-invalid', 'true');
    expect(nik).toHaveFocus();
    expect(loginWithNikMock).not.toHaveBeenCalled();
  });

  it('treats a NIK of spaces as empty', async () => {
    const { user, nik, password, submit } = setup();
    await user.type(nik, '   ');
    await user.type(password, 'secret');
    await user.click(submit);
    expect(await screen.findByText('NIK tidak boleh kosong')).toBeInTheDocument();
    expect(screen.queryByText('Password tidak boleh kosong')).not.toBeInTheDocument();
    expect(loginWithNikMock).not.toHaveBeenCalled();
  });

  it('toggles the password visibility', async () => {
    const { user, password } = setup();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Tampilkan password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Sembunyikan password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('stores the session, says "Login successfully" and goes to /home', async () => {
    const success = jest.spyOn(toast, 'success');
    loginWithNikMock.mockResolvedValue(createSession());
    const { user, nik, password, submit } = setup();
    await user.type(nik, ' 100001 ');
    await user.type(password, 'admin123');
    await user.click(submit);
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(loginWithNikMock).toHaveBeenCalledWith('100001', 'admin123');
    expect(readSession()?.access_token).toBe('access');
    expect(success).toHaveBeenCalledWith('Login successfully');
  });

  it.each([
    // The api's answers since issue 36: one message for an unknown NIK and a wrong password under
    // the password; the deactivated account (after the right password) under the NIK.
    ['nik', 'Akun Anda tidak aktif. Hubungi administrator.', 'NIK'],
    ['password', 'NIK atau password salah', 'Password'],
  ])('shows the server error of %s under its field', async (field, message, label) => {
    loginWithNikMock.mockRejectedValue(fieldError(field, message));
    const { user, nik, password, submit } = setup();
    await user.type(nik, '999999');
    await user.type(password, 'wrong');
    await user.click(submit);
    const input = screen.getByLabelText(label, { selector: 'input' });
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(readSession()).toBeNull();
  });

  it.each([
    [
      'a message naming the NIK',
      new ApiError('http', 'NIK tidak terdaftar', 422, { message: 'NIK tidak terdaftar' }),
      'NIK',
    ],
    [
      'a message naming the password',
      new ApiError('http', 'Password salah', 401, { message: 'Password salah' }),
      'Password',
    ],
    [
      'field errors nested in data.errors',
      new ApiError('http', 'Login gagal', 422, {
        message: 'Login gagal',
        data: { errors: { password: ['Password salah'] } },
      }),
      'Password',
    ],
  ])('puts %s under that field (spec 8), not above the button', async (_name, error, label) => {
    loginWithNikMock.mockRejectedValue(error);
    const { user, nik, password, submit } = setup();
    await user.type(nik, '999999');
    await user.type(password, 'wrong');
    await user.click(submit);
    const input = screen.getByLabelText(label, { selector: 'input' });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(error.fieldError(label.toLowerCase()) ?? error.message),
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it.each([
    [
      'a server message without field errors',
      new ApiError('http', 'Aplikasi tidak tersedia untuk akun ini', 403),
    ],
    ['a network failure', new ApiError('network', 'Tidak dapat terhubung ke server. Periksa koneksi Anda.')],
  ])('shows %s on the form and stores nothing', async (_name, error) => {
    loginWithNikMock.mockRejectedValue(error);
    const { user, nik, password, submit } = setup();
    await user.type(nik, '100001');
    await user.type(password, 'admin123');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(error.message);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(readSession()).toBeNull();
  });

  it('stores nothing when the chain returns a session that does not parse', async () => {
    loginWithNikMock.mockResolvedValue(createSession({ access_token: '' }));
    const { user, nik, password, submit } = setup();
    await user.type(nik, '100001');
    await user.type(password, 'admin123');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Data dari server tidak dikenali');
    expect(readSession()).toBeNull();
  });
});
