import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sso/shared/api';
import { renderRoute } from '@sso/shared/testing';
import UserCreatePage from './user-create-page';

const mockCreate = jest.fn();
jest.mock('./api/create-user', () => ({ useCreateUser: () => ({ mutateAsync: mockCreate }) }));
jest.mock('./api/search-employees', () => ({
  EMPLOYEE_SEARCH_MIN_CHARS: 2,
  useEmployeeSearch: () => ({
    data: [
      jest
        .requireActual('../test-support/factories')
        .createEmployee({ perusahaan_id: 2, perusahaan_name: 'AP 2', own_company: true }),
      jest.requireActual('../test-support/factories').createEmployee({
        id: 8,
        name: 'Sri Rahayu',
        nik: '100009',
        registered: true,
        perusahaan_id: 5,
        perusahaan_name: 'AP 5',
        own_company: false,
      }),
    ],
    isFetching: false,
  }),
}));
jest.mock('../reference-data/get-companies');
jest.mock('../reference-data/get-role-options');

const renderCreate = () => renderRoute(<UserCreatePage />, { path: '/tambah-user' });
const save = () => screen.getByRole('button', { name: 'Simpan' });

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'Nama' }), 'Sri');
  await user.click(await screen.findByRole('option', { name: /Sri Wahyuni/ }));
  await user.click(screen.getByRole('combobox', { name: 'Role' }));
  await user.click(screen.getByRole('option', { name: 'Admin' }));
  await user.click(screen.getByRole('combobox', { name: 'AP' }));
  await user.click(screen.getByRole('option', { name: 'AP 2' }));
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('checkbox', { name: 'U2A · Unit 2A' }));
}
const hint = () => screen.getByText(/^Untuk menyimpan, lengkapi:/);

describe('Tambah User form', () => {
  beforeEach(() => mockCreate.mockReset());

  it('keeps Simpan disabled until name, role, AP and its unit are chosen, and says what is missing', async () => {
    const user = userEvent.setup();
    renderCreate();
    expect(save()).toBeDisabled();
    expect(save()).toHaveAccessibleDescription(
      'Untuk menyimpan, lengkapi: nama karyawan, role, minimal 1 AP.',
    );
    await user.type(screen.getByRole('combobox', { name: 'Nama' }), 'Sri');
    await user.click(await screen.findByRole('option', { name: /Sri Wahyuni/ }));
    expect(hint()).toHaveTextContent('Untuk menyimpan, lengkapi: role, minimal 1 AP.');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('combobox', { name: 'AP' }));
    await user.click(screen.getByRole('option', { name: 'AP 2' }));
    await user.keyboard('{Escape}');
    // An AP without a unit is refused, named (never saved and listed as "-").
    expect(save()).toBeDisabled();
    expect(hint()).toHaveTextContent('Untuk menyimpan, lengkapi: unit AP 2.');
    expect(
      within(screen.getByRole('group', { name: 'AP 2' })).getByText('Pilih minimal 1 unit.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'U2A · Unit 2A' }));
    expect(screen.queryByText(/^Untuk menyimpan, lengkapi:/)).not.toBeInTheDocument();
    expect(save()).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('textbox', { name: 'NIK' })).toHaveValue('200007');
    expect(screen.getByRole('textbox', { name: 'NIK' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'No. Handphone' })).toHaveValue('081300000007');
    expect(save()).toBeEnabled();
  });

  it('shows an employee who already has an account as "Sudah terdaftar", and it cannot be chosen', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.type(screen.getByRole('combobox', { name: 'Nama' }), 'Sri');
    const taken = await screen.findByRole('option', { name: /Sri Rahayu/ });
    expect(taken).toHaveTextContent('Sudah terdaftar');
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    await user.click(taken);
    expect(screen.getByRole('textbox', { name: 'NIK' })).toHaveValue('');
    expect(screen.getByRole('option', { name: /Sri Wahyuni/ })).not.toHaveTextContent('Sudah terdaftar');
  });

  it('shows each employee\'s AP and marks those of the signed-in user\'s own APs "AP Anda"', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.type(screen.getByRole('combobox', { name: 'Nama' }), 'Sri');
    const own = await screen.findByRole('option', { name: /Sri Wahyuni/ });
    expect(own).toHaveTextContent('AP Anda');
    expect(own).toHaveTextContent('AP 2');
    const other = screen.getByRole('option', { name: /Sri Rahayu/ });
    expect(other).toHaveTextContent('AP 5');
    expect(other).not.toHaveTextContent('AP Anda');
  });

  it('says "Nama tidak boleh kosong" when the name is left empty', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('combobox', { name: 'Nama' }));
    await user.tab();
    expect(await screen.findByText('Nama tidak boleh kosong')).toBeInTheDocument();
  });

  it('says "Role harus dipilih" when the role select is left without a choice', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(await screen.findByText('Role harus dipilih')).toBeInTheDocument();
  });

  it('says "Minimal pilih 1 AP" when the last AP is removed; All selects and clears every AP', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('combobox', { name: 'AP' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    const chips = screen.getByRole('list', { name: 'AP terpilih' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['All']);
    expect(screen.getAllByRole('group')).toHaveLength(3);
    await user.keyboard('{Escape}');
    await user.click(within(chips).getByRole('button', { name: 'Hapus All' }));
    expect(await screen.findByText('Minimal pilih 1 AP')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'AP terpilih' })).not.toBeInTheDocument();
  });

  it('ticks every unit of an AP with Semua Unit', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('combobox', { name: 'AP' }));
    await user.click(screen.getByRole('option', { name: 'AP 1' }));
    await user.keyboard('{Escape}');
    const group = screen.getByRole('group', { name: 'AP 1' });
    await user.click(within(group).getByRole('checkbox', { name: 'Semua Unit' }));
    expect(within(group).getByRole('checkbox', { name: 'U1A · Unit 1A' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'U1B · Unit 1B' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'U1A · Unit 1A' }));
    expect(within(group).getByRole('checkbox', { name: 'Semua Unit' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
  });

  it('sends the spec payload and keeps every field with the server message on failure', async () => {
    const user = userEvent.setup();
    mockCreate.mockRejectedValue(
      new ApiError('http', 'NIK sudah terdaftar', 409, {
        message: 'NIK sudah terdaftar',
        errors: { nik: 'NIK sudah terdaftar' },
      }),
    );
    renderCreate();
    await fillValidForm(user);
    await user.click(save());
    expect(mockCreate).toHaveBeenCalledWith({
      nama: 'Sri Wahyuni',
      nik: '200007',
      phone: '081300000007',
      email: 'sri@sso.local',
      role_ids: [2],
      perusahaan: [
        { perusahaan_id: 2, perusahaan_name: 'AP 2', cabang: [{ cabang_id: 3, cabang_name: 'Unit 2A' }] },
      ],
    });
    await waitFor(() => expect(screen.getAllByText('NIK sudah terdaftar')).toHaveLength(2));
    expect(screen.getByRole('combobox', { name: 'Nama' })).toHaveValue('Sri Wahyuni');
    expect(screen.getByRole('textbox', { name: 'NIK' })).toHaveValue('200007');
    expect(within(screen.getByRole('list', { name: 'AP terpilih' })).getByText('AP 2')).toBeInTheDocument();
  });
});
