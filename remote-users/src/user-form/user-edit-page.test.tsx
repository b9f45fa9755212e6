import { screen } from '@testing-library/react';
import { renderRoute } from '@sso/shared/testing';
import { createUser } from '../test-support/factories';
import UserEditPage from './user-edit-page';

jest.mock('./api/update-user', () => ({ useUpdateUser: () => ({ mutateAsync: jest.fn() }) }));
jest.mock('../reference-data/get-companies');
jest.mock('../reference-data/get-role-options');

/** jsdom has no TextEncoder for the codec; build the hashId the same way (UTF-8 → base64url). */
const hashIdOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const renderEdit = (hashId: string) =>
  renderRoute(<UserEditPage />, { path: '/edit-user/:hashId', url: `/edit-user/${hashId}` });

describe('Edit User page', () => {
  it.each([
    ['not base64', 'x%21%21'],
    ['not JSON', Buffer.from('halo').toString('base64url')],
    ['wrong shape', hashIdOf({ id: 'satu' })],
  ])('shows a clear message and a way back for a malformed hashId (%s)', (_case, hashId) => {
    renderEdit(hashId);
    expect(screen.getByText('Data user tidak valid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke daftar user' })).toHaveAttribute(
      'href',
      '/user-management',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('fills the form from the route; name, NIK and phone are read-only', () => {
    const user = createUser({ nama: 'Désirée Ñúñez' });
    renderEdit(hashIdOf(user));
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
    for (const [label, value] of [
      ['Nama', user.nama],
      ['NIK', user.nik],
      ['No. Handphone', user.phone],
    ] as const) {
      const field = screen.getByRole('textbox', { name: label });
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Admin');
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeEnabled();
  });
});
