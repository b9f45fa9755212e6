import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@sso/shared/api';
import { twoStepPaths, type TwoStepStatus } from '@sso/shared/contract';
import { renderRoute } from '@sso/shared/testing';
import { createUser } from '../test-support/factories';
import { TwoStepSection } from './two-step-section';

jest.mock('@sso/shared/api', () => ({
  ...jest.requireActual('@sso/shared/api'),
  api: { get: jest.fn(), post: jest.fn(), delete: jest.fn(), patch: jest.fn() },
}));
const get = jest.mocked(api.get);
const remove = jest.mocked(api.delete);

const withApp: TwoStepStatus = {
  factors: [
    { id: 3, kind: 'totp', label: 'Ponsel', created_at: '2026-11-20T03:00:00.000Z', last_used_at: null },
  ],
  recovery_codes_left: 7,
  required: true,
};
const none: TwoStepStatus = { factors: [], recovery_codes_left: 0, required: true };

beforeEach(() => jest.clearAllMocks());

describe('Detail User: two-step verification (issue 31)', () => {
  it('lists the apps (never a secret) and resets them with an optional reason after a confirmation', async () => {
    get
      .mockResolvedValueOnce({ message: 'ok', data: withApp })
      .mockResolvedValue({ message: 'ok', data: none });
    remove.mockResolvedValue({ message: 'Verifikasi dua langkah user diatur ulang', data: none });
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
    expect(remove).toHaveBeenCalledWith(twoStepPaths.user(12), expect.anything(), {
      reason: 'Ponsel hilang',
    });
  });

  it('"Batal" sends nothing; one\'s own account offers no reset', async () => {
    get.mockResolvedValue({ message: 'ok', data: withApp });
    const user = userEvent.setup();
    const { unmount } = renderRoute(<TwoStepSection user={createUser({ id: 12 })} isSelf={false} />);
    await user.click(await screen.findByRole('button', { name: 'Reset verifikasi dua langkah' }));
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(remove).not.toHaveBeenCalled();
    unmount();
    renderRoute(<TwoStepSection user={createUser({ id: 1 })} isSelf />);
    expect(await screen.findByText(/Ini akun Anda/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset verifikasi dua langkah' })).toBeNull();
  });
});
