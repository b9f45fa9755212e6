import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { ACCESS_LEVEL } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { createUser } from '../test-support/factories';
import { UserDetailDrawer } from './user-detail-drawer';

afterEach(() => localStorage.clear());

/** The drawer of user 42, with `props` in place of the default (no-op) callbacks; found once open. */
async function openDrawer(props: Partial<ComponentProps<typeof UserDetailDrawer>> = {}) {
  renderRoute(
    <UserDetailDrawer
      user={createUser({ id: 42 })}
      onClose={jest.fn()}
      onEdit={jest.fn()}
      onDelete={jest.fn()}
      {...props}
    />,
  );
  return screen.findByRole('dialog', { name: 'Detail User' });
}

describe('UserDetailDrawer "Lihat aktivitas"', () => {
  it('links to Log Aktivitas filtered on the user (actor or target)', async () => {
    signInAs(ACCESS_LEVEL.viewer);
    const drawer = await openDrawer();
    expect(within(drawer).getByRole('link', { name: 'Lihat aktivitas' })).toHaveAttribute(
      'href',
      '/log-aktivitas?user=42',
    );
  });

  it('is left out for a role that may not read the log', async () => {
    signInAs(ACCESS_LEVEL.viewer, { without: ['Log Aktivitas'] });
    const drawer = await openDrawer();
    expect(within(drawer).queryByRole('link', { name: 'Lihat aktivitas' })).not.toBeInTheDocument();
  });
});

describe('UserDetailDrawer: actions the administrator may not take say why (issue 37)', () => {
  it('shows Edit, Hapus and Nonaktifkan disabled, focusable, described by their reasons; a press does nothing', async () => {
    signInAs(ACCESS_LEVEL.modifier);
    const onEdit = jest.fn();
    const onDelete = jest.fn();
    const drawer = await openDrawer({
      onEdit,
      onDelete,
      whyNot: {
        edit: 'Role user ini memiliki akses di luar akses Anda',
        delete: 'Hanya owner menu ini yang dapat menghapus',
        status: 'Role user ini memiliki akses di luar akses Anda',
      },
    });
    const edit = within(drawer).getByRole('button', { name: 'Edit' });
    const remove = within(drawer).getByRole('button', { name: 'Hapus' });
    const status = within(drawer).getByRole('button', { name: 'Nonaktifkan' });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(edit).toHaveAccessibleDescription('Role user ini memiliki akses di luar akses Anda');
    expect(remove).toHaveAccessibleDescription('Hanya owner menu ini yang dapat menghapus');
    expect(status).toHaveAccessibleDescription('Role user ini memiliki akses di luar akses Anda');
    // Not `disabled`: the keyboard reaches it, and the reason shows as a tooltip on focus.
    expect(edit).toBeEnabled();
    const user = userEvent.setup();
    await user.hover(edit);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Role user ini memiliki akses di luar akses Anda',
    );
    await user.click(edit);
    await user.click(remove);
    expect(onEdit).not.toHaveBeenCalled();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('allowed actions are plain buttons that act', async () => {
    signInAs(ACCESS_LEVEL.owner);
    const onEdit = jest.fn();
    const drawer = await openDrawer({ onEdit });
    const edit = within(drawer).getByRole('button', { name: 'Edit' });
    expect(edit).not.toHaveAttribute('aria-disabled');
    await userEvent.setup().click(edit);
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});
