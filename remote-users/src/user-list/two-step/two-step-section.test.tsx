/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twoStepPaths, type TwoStepStatus } from '@sso/shared/contract';
import { renderRoute } from '@sso/shared/testing';
import { bodiesSentTo, fakeServer, startFakeServer } from '@sso/shared/testing/fake-server';
import { createUser } from '../../test-support/factories';
import { userScenarios } from '../../test-support/user-scenarios';
import { TwoStepSection } from './two-step-section';

const server = startFakeServer();
const resets = (id: number) => bodiesSentTo(server.requests, 'DELETE', twoStepPaths.user(id));

const withApp: TwoStepStatus = {
  factors: [
    { id: 3, kind: 'totp', label: 'Ponsel', created_at: '2026-11-20T03:00:00.000Z', last_used_at: null },
  ],
  recovery_codes_left: 7,
  required: true,
};
const none: TwoStepStatus = { factors: [], recovery_codes_left: 0, required: true };

describe('Detail User: two-step verification (issue 31)', () => {
  it('lists the apps (never a secret) and resets them with an optional reason after a confirmation', async () => {
    fakeServer.use(userScenarios.twoStep(withApp, none), userScenarios.twoStepReset(none));
    const user = userEvent.setup();
    renderRoute(<TwoStepSection user={createUser({ id: 12, nama: 'Budi' })} isSelf={false} />);
    expect(await screen.findByText('Ponsel')).toBeInTheDocument();
    expect(screen.getByText('Aktif · diwajibkan oleh role')).toBeInTheDocument();
    expect(screen.getByText('Kode pemulihan tersisa: 7 dari 10')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset verifikasi dua langkah' }));
    const question = screen.getByRole('group', { name: 'Reset verifikasi dua langkah Budi?' });
    expect(question).toHaveTextContent('semua sesinya diakhiri');
    await user.type(screen.getByRole('textbox', { name: 'Alasan (opsional)' }), 'Ponsel hilang');
    await user.click(
      screen.getAllByRole('button', { name: 'Reset verifikasi dua langkah' })[0] as HTMLElement,
    );
    expect(await screen.findByText('Tidak aktif · diwajibkan oleh role')).toBeInTheDocument();
    expect(await resets(12)).toEqual([{ reason: 'Ponsel hilang' }]);
  });

  it('"Batal" sends nothing; one\'s own account offers no reset', async () => {
    fakeServer.use(userScenarios.twoStep(withApp));
    const user = userEvent.setup();
    const { unmount } = renderRoute(<TwoStepSection user={createUser({ id: 12 })} isSelf={false} />);
    await user.click(await screen.findByRole('button', { name: 'Reset verifikasi dua langkah' }));
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(await resets(12)).toEqual([]);
    unmount();
    renderRoute(<TwoStepSection user={createUser({ id: 1 })} isSelf />);
    expect(await screen.findByText(/Ini akun Anda/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset verifikasi dua langkah' })).toBeNull();
  });
});
