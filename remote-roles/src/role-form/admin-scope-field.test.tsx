import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminScopeField, GROUP_SCOPE_NOT_HELD } from './admin-scope-field';

describe('AdminScopeField: "Cakupan administrasi" (issue 32)', () => {
  it('offers both scopes to a group-wide administrator and reports the choice', async () => {
    const onChange = jest.fn();
    render(<AdminScopeField value="group" onChange={onChange} actorScope="group" />);
    expect(screen.getByRole('group', { name: 'Cakupan administrasi' })).toBeInTheDocument();
    const group = screen.getByRole('radio', { name: /^Seluruh grup/ });
    const own = screen.getByRole('radio', { name: /^AP pengguna sendiri/ });
    expect(group).toBeChecked();
    expect(group).toBeEnabled();
    await userEvent.setup().click(own);
    expect(onChange).toHaveBeenCalledWith('own');
  });

  it('does not offer "Seluruh grup" to a scoped administrator, and says why', () => {
    render(<AdminScopeField value="own" onChange={jest.fn()} actorScope="own" />);
    expect(screen.getByRole('radio', { name: /^Seluruh grup/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^AP pengguna sendiri/ })).toBeChecked();
    expect(screen.getByText(GROUP_SCOPE_NOT_HELD)).toBeInTheDocument();
  });
});
