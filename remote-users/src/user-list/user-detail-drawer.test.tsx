import { screen, within } from '@testing-library/react';
import { ACCESS_LEVEL } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { createUser } from '../test-support/factories';
import { UserDetailDrawer } from './user-detail-drawer';

afterEach(() => localStorage.clear());

describe('UserDetailDrawer "Lihat aktivitas"', () => {
  it('links to Log Aktivitas filtered on the user (actor or target)', async () => {
    signInAs(ACCESS_LEVEL.viewer);
    renderRoute(<UserDetailDrawer user={createUser({ id: 42 })} onClose={jest.fn()} />);
    const drawer = await screen.findByRole('dialog', { name: 'Detail User' });
    expect(within(drawer).getByRole('link', { name: 'Lihat aktivitas' })).toHaveAttribute(
      'href',
      '/log-aktivitas?user=42',
    );
  });

  it('is left out for a role that may not read the log', async () => {
    signInAs(ACCESS_LEVEL.viewer, { without: ['Log Aktivitas'] });
    renderRoute(<UserDetailDrawer user={createUser({ id: 42 })} onClose={jest.fn()} />);
    const drawer = await screen.findByRole('dialog', { name: 'Detail User' });
    expect(within(drawer).queryByRole('link', { name: 'Lihat aktivitas' })).not.toBeInTheDocument();
  });
});
