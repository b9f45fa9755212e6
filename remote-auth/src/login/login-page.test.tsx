/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths, twoStepPaths } from '@sso/shared/contract';
import { noteSessionEnded, readSession, readSessionEndNotice } from '@sso/shared/session';
import { toast } from '@sso/shared/ui';
import { renderRoute } from '@sso/shared/testing';
import {
  HttpResponse,
  answer,
  apiUrl,
  bodiesSentTo,
  failure,
  fakeServer,
  http,
  requestsTo,
  sessionScenarios,
  startFakeServer,
} from '@sso/shared/testing/fake-server';
import { secondProofStore } from '../shared/storage/second-proof-storage';
import { signWithPasskey } from '../shared/two-step/passkey-ceremony';
import { twoStepStore } from '../shared/storage/two-step-storage';
import LoginPage from './login-page';

// The device's passkey ceremony (WebAuthn, absent from jsdom) is not an endpoint: it stays faked.
jest.mock('../shared/two-step/passkey-ceremony', () => ({ signWithPasskey: jest.fn() }));
jest.mocked(signWithPasskey).mockResolvedValue({ id: 'passkey-1' } as never);

const server = startFakeServer();

/** POST auth/login/nik answers `response` (a refusal, or a further step the api asks for). */
const loginNikAnswers = (response: () => Response) =>
  fakeServer.use(http.post(apiUrl(paths.auth.loginNik), response));
const nikLogins = () => requestsTo(server.requests, 'POST', paths.auth.loginNik);

function setup() {
  const user = userEvent.setup();
  renderRoute(<LoginPage />, { path: '/login' });
  const nik = screen.getByRole('textbox', { name: 'NIK' });
  const password = screen.getByLabelText('Password', { selector: 'input' });
  const submit = screen.getByRole('button', { name: 'Masuk' });
  /** Types the NIK and the password, then presses Masuk. */
  const signIn = async (nikValue: string, passwordValue: string) => {
    await user.type(nik, nikValue);
    await user.type(password, passwordValue);
    await user.click(submit);
  };
  return { user, nik, password, submit, signIn };
}

beforeEach(() => window.localStorage.clear());

describe('LoginPage', () => {
  it('goes on to /verifikasi-dua-langkah, nothing stored but the challenge, when the api asks for the second step (issue 31)', async () => {
    loginNikAnswers(() =>
      answer(
        {
          two_step: {
            challenge: 'tantangan_2',
            enrol: false,
            methods: ['totp', 'passkey', 'recovery'],
            expires_in: 600,
          },
        },
        'Verifikasi dua langkah diperlukan',
      ),
    );
    const { signIn } = setup();
    await signIn('100007', 'password123');
    expect(await screen.findByTestId('location')).toHaveTextContent('/verifikasi-dua-langkah');
    expect(twoStepStore.read()).toEqual({ challenge: 'tantangan_2', enrol: false, passkey: true });
    expect(readSession()).toBeNull();
  });

  it('"Masuk dengan passkey" signs in with a passkey alone, or says why not', async () => {
    fakeServer.use(
      http.post(apiUrl(twoStepPaths.passkeyLoginOptions), () =>
        answer({ challenge: 'tantangan_3', options: { challenge: 'dGVzdA' } }),
      ),
      sessionScenarios.signInFails(
        twoStepPaths.passkeyLogin,
        422,
        'Passkey tidak dikenali. Masuk dengan NIK dan password.',
      ),
      ...sessionScenarios.signsIn(twoStepPaths.passkeyLogin),
    );
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Masuk dengan passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Passkey tidak dikenali. Masuk dengan NIK dan password.',
    );
    await user.click(screen.getByRole('button', { name: 'Masuk dengan passkey' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(await bodiesSentTo(server.requests, 'POST', twoStepPaths.passkeyLogin)).toEqual([
      { challenge: 'tantangan_3', response: { id: 'passkey-1' } },
      { challenge: 'tantangan_3', response: { id: 'passkey-1' } },
    ]);
    expect(nikLogins()).toHaveLength(0);
  });

  it('goes on to /verifikasi-masuk, the challenge stored, when the api asks for a second proof (issue 36)', async () => {
    loginNikAnswers(() =>
      answer(
        { second_proof: { challenge: 'tantangan_1', masked_phone: '0812xxxxx890', expires_in: 300 } },
        'Verifikasi tambahan diperlukan',
      ),
    );
    const { signIn } = setup();
    await signIn('100001', 'admin123');
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
    const { signIn } = setup();
    expect(screen.getByText('Sesi Anda telah diakhiri oleh administrator.')).toHaveAttribute(
      'role',
      'status',
    );
    fakeServer.use(...sessionScenarios.signsIn(paths.auth.loginNik));
    await signIn('100001', 'admin123');
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
    expect(nikLogins()).toHaveLength(0);
  });

  it('treats a NIK of spaces as empty', async () => {
    const { signIn } = setup();
    await signIn('   ', 'secret');
    expect(await screen.findByText('NIK tidak boleh kosong')).toBeInTheDocument();
    expect(screen.queryByText('Password tidak boleh kosong')).not.toBeInTheDocument();
    expect(nikLogins()).toHaveLength(0);
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
    fakeServer.use(...sessionScenarios.signsIn(paths.auth.loginNik));
    const { signIn } = setup();
    await signIn(' 100001 ', 'admin123');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(await bodiesSentTo(server.requests, 'POST', paths.auth.loginNik)).toEqual([
      expect.objectContaining({ nik: '100001', password: 'admin123' }),
    ]);
    expect(readSession()?.access_token).toBe('test-access-token');
    expect(success).toHaveBeenCalledWith('Login successfully');
  });

  it.each([
    // The api's answers since issue 36: one message for an unknown NIK and a wrong password under
    // the password; the deactivated account (after the right password) under the NIK.
    ['nik', 'Akun Anda tidak aktif. Hubungi administrator.', 'NIK'],
    ['password', 'NIK atau password salah', 'Password'],
  ])('shows the server error of %s under its field', async (field, message, label) => {
    loginNikAnswers(() => failure(422, message, { [field]: message }));
    const { signIn } = setup();
    await signIn('999999', 'wrong');
    const input = screen.getByLabelText(label, { selector: 'input' });
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(readSession()).toBeNull();
  });

  it.each([
    ['a message naming the NIK', () => failure(422, 'NIK tidak terdaftar'), 'NIK', 'NIK tidak terdaftar'],
    ['a message naming the password', () => failure(401, 'Password salah'), 'Password', 'Password salah'],
    [
      'field errors nested in data.errors',
      () =>
        HttpResponse.json(
          { message: 'Login gagal', data: { errors: { password: ['Password salah'] } } },
          { status: 422 },
        ),
      'Password',
      'Password salah',
    ],
  ])('puts %s under that field (spec 8), not above the button', async (_name, response, label, message) => {
    loginNikAnswers(response);
    const { signIn } = setup();
    await signIn('999999', 'wrong');
    const input = screen.getByLabelText(label, { selector: 'input' });
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it.each([
    [
      'a server message without field errors',
      () => failure(403, 'Aplikasi tidak tersedia untuk akun ini'),
      'Aplikasi tidak tersedia untuk akun ini',
    ],
    [
      'a network failure',
      () => HttpResponse.error(),
      'Tidak dapat terhubung ke server. Periksa koneksi Anda.',
    ],
  ])('shows %s on the form and stores nothing', async (_name, response, message) => {
    loginNikAnswers(response);
    const { signIn } = setup();
    await signIn('100001', 'admin123');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(readSession()).toBeNull();
  });

  it('stores nothing when the chain returns a session that does not parse', async () => {
    // The panel's chain whose session/create answers an empty access token (the first handler wins).
    fakeServer.use(
      http.post(apiUrl(paths.session.create), () =>
        answer({ access_token: '', session_token: 's', refresh_token: 'r', expires_at: 9_999_999_999 }),
      ),
      ...sessionScenarios.signsIn(paths.auth.loginNik),
    );
    const { signIn } = setup();
    await signIn('100001', 'admin123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Data dari server tidak dikenali');
    expect(readSession()).toBeNull();
  });
});
