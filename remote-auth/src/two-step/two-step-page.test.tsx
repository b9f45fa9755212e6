/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths, twoStepPaths } from '@sso/shared/contract';
import { toast } from '@sso/shared/ui';
import { renderRoute } from '@sso/shared/testing';
import {
  bodiesSentTo,
  fakeServer,
  requestsTo,
  sessionScenarios,
  startFakeServer,
} from '@sso/shared/testing/fake-server';
import { twoStepScenarios } from '../test-support/two-step-scenarios';
import { signWithPasskey } from '../shared/two-step/passkey-ceremony';
import { twoStepStore } from '../shared/storage/two-step-storage';
import TwoStepPage from './two-step-page';

// Not endpoints: the device's passkey ceremony (WebAuthn) and the QR code drawing library.
jest.mock('../shared/two-step/passkey-ceremony', () => ({ signWithPasskey: jest.fn() }));
jest.mock('uqr', () => ({ renderSVG: () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }));

const server = startFakeServer();
/** The code a sign-in step refuses once (then the step signs in). */
const wrongCodeOnce = (path: string) =>
  sessionScenarios.signInFails(path, 422, 'Kode salah atau sudah digunakan', {
    code: 'Kode salah atau sudah digunakan',
  });
/** The bodies sent to the second step. */
const verified = () => bodiesSentTo(server.requests, 'POST', twoStepPaths.verify);

beforeEach(() => window.localStorage.clear());

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
    fakeServer.use(...sessionScenarios.signsIn(twoStepPaths.verify));
    const user = setup();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verifikasi Dua Langkah');
    const field = screen.getByRole('textbox', { name: 'Kode autentikator' });
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect(screen.getByText('Kode tidak boleh kosong')).toBeInTheDocument();
    await user.type(field, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect(screen.getByText('Kode autentikator harus 6 digit angka')).toBeInTheDocument();
    expect(await verified()).toEqual([]);
    await user.clear(field);
    await user.type(field, '123456{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(await verified()).toEqual([{ challenge: 'tantangan_2', method: 'totp', code: '123456' }]);
    expect(success).toHaveBeenCalledWith('Login successfully');
  });

  it('shows a wrong code and stays; a recovery code can be used instead', async () => {
    // The first handler given answers first: the refusal, once, then the sign-in.
    fakeServer.use(wrongCodeOnce(twoStepPaths.verify), ...sessionScenarios.signsIn(twoStepPaths.verify));
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: 'Kode autentikator' }), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode salah atau sudah digunakan');
    await user.click(screen.getByRole('button', { name: 'Gunakan kode pemulihan' }));
    expect(screen.getByText(/salah satu kode pemulihan/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Kode pemulihan' }), 'abcde-23456{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect((await verified()).at(-1)).toEqual({
      challenge: 'tantangan_2',
      method: 'recovery',
      code: 'abcde-23456',
    });
  });

  it("puts the api's refusal of the code under the field; another method starts a clean form", async () => {
    fakeServer.use(wrongCodeOnce(twoStepPaths.verify));
    const user = setup();
    const field = screen.getByRole('textbox', { name: 'Kode autentikator' });
    await user.type(field, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode salah atau sudah digunakan');
    expect(field).toHaveAccessibleDescription('Kode salah atau sudah digunakan');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Gunakan kode pemulihan' }));
    const recovery = screen.getByRole('textbox', { name: 'Kode pemulihan' });
    expect(recovery).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(recovery, 'abc{Enter}');
    expect(recovery).toHaveAccessibleDescription('Kode pemulihan terdiri dari 10 huruf dan angka');
    expect(recovery).toHaveFocus();
  });

  it('offers "Gunakan passkey" only to a user with a passkey; a cancelled ceremony says so and stays', async () => {
    jest
      .mocked(signWithPasskey)
      .mockRejectedValueOnce(new Error('Passkey dibatalkan atau waktu habis. Coba lagi.'))
      .mockResolvedValueOnce({ id: 'device' } as never);
    fakeServer.use(
      twoStepScenarios.passkeyOptions(),
      ...sessionScenarios.signsIn(twoStepPaths.passkeyVerify),
    );
    twoStepStore.write({ challenge: 'tantangan_3', enrol: false, passkey: true });
    const user = userEvent.setup();
    renderRoute(<TwoStepPage />, { path: '/verifikasi-dua-langkah' });
    await user.click(screen.getByRole('button', { name: 'Gunakan passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Passkey dibatalkan atau waktu habis. Coba lagi.',
    );
    await user.click(screen.getByRole('button', { name: 'Gunakan passkey' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect((await bodiesSentTo(server.requests, 'POST', twoStepPaths.passkeyOptions)).at(-1)).toEqual({
      challenge: 'tantangan_3',
    });
    expect(await bodiesSentTo(server.requests, 'POST', twoStepPaths.passkeyVerify)).toEqual([
      { challenge: 'tantangan_3', response: { id: 'device' } },
    ]);
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
    fakeServer.use(
      wrongCodeOnce(twoStepPaths.enrolConfirm),
      twoStepScenarios.enrolOffered('JBSWY3DPEHPK3PXP'),
      twoStepScenarios.enrolConfirmed(Array.from({ length: 10 }, (_, i) => `kode${i}-abcde`)),
      // The panel's session, opened once the codes are saved (the shared login chain).
      ...sessionScenarios.panelChain(),
    );
    const user = setup(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Aktifkan Verifikasi Dua Langkah');
    expect(
      await screen.findByRole('img', { name: 'Kode QR untuk aplikasi autentikator' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(await bodiesSentTo(server.requests, 'POST', twoStepPaths.enrolStart)).toEqual([
      { challenge: 'tantangan_2' },
    ]);
    const field = screen.getByRole('textbox', { name: 'Kode autentikator' });
    await user.type(field, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode salah atau sudah digunakan');
    await user.clear(field);
    await user.type(field, '654321{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Simpan Kode Pemulihan' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(requestsTo(server.requests, 'POST', paths.session.create)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Saya sudah menyimpan kode ini' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    // The sign-in ended with the enrolment's login token.
    const [create] = requestsTo(server.requests, 'POST', paths.session.create);
    expect(create?.headers.get('Authorization')).toBe('Bearer test-login-token');
  });

  it('an enrolment whose pending sign-in expired says so and offers to sign in again', async () => {
    fakeServer.use(
      sessionScenarios.signInFails(
        twoStepPaths.enrolStart,
        422,
        'Sesi verifikasi tidak berlaku. Silakan masuk lagi.',
        {
          code: 'Sesi verifikasi tidak berlaku. Silakan masuk lagi.',
        },
      ),
    );
    setup(true);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sesi verifikasi tidak berlaku. Silakan masuk lagi.',
    );
    expect(screen.getByRole('button', { name: 'Masuk lagi' })).toBeInTheDocument();
  });
});
