import { render, screen } from '@testing-library/react';
import { createRole } from '../test-support/factories';
import { RoleNameCell } from './role-name-cell';

describe('RoleNameCell: the scope badge (issue 32)', () => {
  it("marks a role limited to its holder's own APs, and no other", () => {
    const { rerender } = render(<RoleNameCell role={createRole({ name: 'Admin AP', admin_scope: 'own' })} />);
    expect(screen.getByText('AP pengguna sendiri')).toBeInTheDocument();
    rerender(<RoleNameCell role={createRole({ name: 'Admin', admin_scope: 'group' })} />);
    expect(screen.queryByText('AP pengguna sendiri')).not.toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });
});
