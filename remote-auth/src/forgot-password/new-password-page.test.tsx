/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@sso/shared/contract';
import { toast } from '@sso/shared/ui';
import { renderRoute } from '@sso/shared/testing';
import { HttpResponse, apiUrl, fakeServer, http, startFakeServer } from '@sso/shared/testing/fake-server';
import { startCooldown } from '../shared/otp/resend-cooldown';
import NewPasswordPage from './new-password-page';
import { newPasswordToSend } from './api/reset-password';
import { resetCooldownStore, resetNikStore, resetOtpStore, resetPhoneStore } from './reset-storage';

const server = startFakeServer();
const resetUrl = apiUrl(paths.forgotPassword.reset);
/** The reset answers `answer` (the api's refusal or its success). */
const resetAnswers = (answer: () => Response) => fakeServer.use(http.post(resetUrl, answer));
const refusal = (message: string, errors: Record<string, string>) => () =>
  HttpResponse.json({ message, errors }, { status: 422 });
/** The bodies of the reset requests the page sent. */
const sentBodies = () =>
  Promise.all(
    server.requests.filter((r) => r.url === resetUrl).map((r) => r.clone().json() as Promise<unknown>),
  );

beforeEach(() => window.localStorage.clear());

const newPasswordInput = () => screen.getByLabelText('Password baru', { selector: 'input' });
const confirmInput = () => screen.getByLabelText('Konfirmasi password baru', { selector: 'input' });
const hint = () => screen.getByText('Password minimal 6 karakter');

function setup() {
  resetNikStore.write('100001');
  resetPhoneStore.write('0812xxxxx890');
  resetOtpStore.write('123456');
  resetCooldownStore.write(startCooldown(Date.now()));
  const user = userEvent.setup();
  renderRoute(<NewPasswordPage />, { path: '/new-password' });
  return user;
}

describe('NewPasswordPage', () => {
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
    expect(await sentBodies()).toEqual([]);
  });

  it('sends nothing while the password is too short', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Ganti Password' }));
    await waitFor(() => expect(newPasswordInput()).toHaveFocus());
    expect(hint().className).toMatch(/hintError/);
    expect(await sentBodies()).toEqual([]);
  });

  it('says "Password tidak sesuai" when the confirmation differs, and sends an empty new password', async () => {
    resetAnswers(refusal('Password minimal 6 karakter', { new_password: 'Password minimal 6 karakter' }));
    const user = setup();
    await user.type(newPasswordInput(), 'rahasia1');
    await user.type(confirmInput(), 'rahasia2');
    await user.click(screen.getByRole('button', { name: 'Ganti Password' }));
    expect(await screen.findByText('Password tidak sesuai')).toBeInTheDocument();
    expect(confirmInput()).toHaveAccessibleDescription('Password tidak sesuai');
    await waitFor(async () =>
      expect(await sentBodies()).toEqual([{ nik: '100001', otp: '123456', new_password: '' }]),
    );
    // Once the answer is in, its new_password error stays hidden: the mismatch says why.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ganti Password' })).toBeEnabled());
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(newPasswordInput()).not.toHaveAttribute('aria-invalid');
  });

  it('shows the confirmation mismatch once the confirmation is left, not while it is typed', async () => {
    const user = setup();
    await user.type(newPasswordInput(), 'rahasia1');
    await user.type(confirmInput(), 'rahasia');
    expect(screen.queryByText('Password tidak sesuai')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Password tidak sesuai')).toBeInTheDocument();
  });

  it('shows a new_password error of the server under its field, cleared as the field changes', async () => {
    resetAnswers(refusal('Password terlalu umum', { new_password: 'Password terlalu umum' }));
    const user = setup();
    await user.type(newPasswordInput(), 'rahasia1');
    await user.type(confirmInput(), 'rahasia1{Enter}');
    await waitFor(() => expect(newPasswordInput()).toHaveAccessibleDescription(/Password terlalu umum/));
    await user.type(newPasswordInput(), '2');
    expect(newPasswordInput()).not.toHaveAccessibleDescription(/Password terlalu umum/);
  });

  it('resets, shows the server message, clears every stored value and goes to /', async () => {
    const success = jest.spyOn(toast, 'success');
    resetAnswers(() => HttpResponse.json({ message: 'Password berhasil diubah', data: null }));
    const user = setup();
    await user.type(newPasswordInput(), 'rahasia1');
    await user.type(confirmInput(), 'rahasia1{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(await sentBodies()).toEqual([{ nik: '100001', otp: '123456', new_password: 'rahasia1' }]);
    expect(success).toHaveBeenCalledWith('Password berhasil diubah');
    for (const store of [resetNikStore, resetOtpStore, resetPhoneStore, resetCooldownStore]) {
      expect(store.read()).toBeNull();
    }
  });

  it('shows an otp error of the reset as a message', async () => {
    resetAnswers(refusal('Kode OTP sudah kedaluwarsa.', { otp: 'Kode OTP sudah kedaluwarsa.' }));
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
