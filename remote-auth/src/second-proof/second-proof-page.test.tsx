/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@sso/shared/contract';
import { readSession } from '@sso/shared/session';
import { toast } from '@sso/shared/ui';
import { renderRoute } from '@sso/shared/testing';
import { bodiesSentTo, fakeServer, sessionScenarios, startFakeServer } from '@sso/shared/testing/fake-server';
import { secondProofStore } from '../shared/storage/second-proof-storage';
import SecondProofPage from './second-proof-page';

const server = startFakeServer();

beforeEach(() => window.localStorage.clear());

function setup() {
  secondProofStore.write({ challenge: 'tantangan_1', masked_phone: '0812xxxxx890' });
  const user = userEvent.setup();
  renderRoute(<SecondProofPage />, { path: '/verifikasi-masuk' });
  return user;
}

describe('SecondProofPage (issue 36)', () => {
  it('goes back to /login without a stored challenge (direct visit)', () => {
    renderRoute(<SecondProofPage />, { path: '/verifikasi-masuk' });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('says why, where the code went if the password was right, and offers no resend', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verifikasi Masuk');
    expect(screen.getByText(/Browser ini belum pernah dipakai masuk ke akun ini/)).toBeInTheDocument();
    expect(screen.getByText(/Jika NIK dan password Anda benar/)).toBeInTheDocument();
    expect(screen.getByText('0812xxxxx890')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Digit 1 dari 6' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: /Kirim ulang/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Masuk lagi' })).toHaveAttribute('href', '/login');
  });

  it('signs in with the code: the chain, the session, "Login successfully", /home, the challenge cleared', async () => {
    const success = jest.spyOn(toast, 'success');
    fakeServer.use(...sessionScenarios.signsIn(paths.auth.loginSecondProof));
    const user = setup();
    await user.keyboard('012345{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(await bodiesSentTo(server.requests, 'POST', paths.auth.loginSecondProof)).toEqual([
      { challenge: 'tantangan_1', otp: '012345' },
    ]);
    expect(readSession()).not.toBeNull();
    expect(success).toHaveBeenCalledWith('Login successfully');
    expect(secondProofStore.read()).toBeNull();
  });

  it('shows a wrong code under the boxes and stays', async () => {
    fakeServer.use(
      sessionScenarios.signInFails(paths.auth.loginSecondProof, 422, 'Unknown error.', {
        otp: 'Kode OTP tidak sesuai, silakan periksa kembali',
      }),
    );
    const user = setup();
    await user.keyboard('111111{Enter}');
    expect(await screen.findByText('Kode OTP tidak sesuai, silakan periksa kembali')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verifikasi Masuk');
    expect(readSession()).toBeNull();
    expect(secondProofStore.read()).not.toBeNull();
  });

  it('"Masuk lagi" clears the challenge and goes back to /login', async () => {
    const user = setup();
    await user.click(screen.getByRole('link', { name: 'Masuk lagi' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(secondProofStore.read()).toBeNull();
  });
});
