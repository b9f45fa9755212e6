import { screen, within } from '@testing-library/react';
import { ACCESS_LEVEL } from '@sso/shared/contract';
import { writeSession } from '@sso/shared/session';
import { panelGrants, renderRoute, signInAs } from '@sso/shared/testing';
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
    writeSession({
      nik: '100002',
      name: 'Viewer',
      app_id: 1,
      access_token: 'test-access-token',
      session_token: 'test-session-token',
      user_menu: panelGrants(ACCESS_LEVEL.viewer).map((app) => ({
        ...app,
        menus: app.menus.filter((menu) => menu.name !== 'Log Aktivitas'),
      })),
    });
    renderRoute(<UserDetailDrawer user={createUser({ id: 42 })} onClose={jest.fn()} />);
    const drawer = await screen.findByRole('dialog', { name: 'Detail User' });
    expect(within(drawer).queryByRole('link', { name: 'Lihat aktivitas' })).not.toBeInTheDocument();
  });
});
