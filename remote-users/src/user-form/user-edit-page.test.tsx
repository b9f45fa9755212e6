import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, api } from '@sso/shared/api';
import { VERSION_CONFLICT_MESSAGE, paths, type UserDetail } from '@sso/shared/contract';
import { renderRoute } from '@sso/shared/testing';
import { createUser, createUserCompany } from '../test-support/factories';
import UserEditPage from './user-edit-page';

jest.mock('@sso/shared/api', () => ({
  ...jest.requireActual<object>('@sso/shared/api'),
  api: { get: jest.fn(), post: jest.fn(), patch: jest.fn(), delete: jest.fn() },
}));
jest.mock('../reference-data/get-companies');
jest.mock('../reference-data/get-role-options');

/** jsdom has no TextEncoder for the codec; build the hashId the same way (UTF-8 → base64url). */
const hashIdOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const renderEdit = (hashId: string) =>
  renderRoute(<UserEditPage />, { path: '/edit-user/:hashId', url: `/edit-user/${hashId}` });

/** The user as the api holds it: AP 1 with unit 1, version 3. */
const stored: UserDetail = { ...createUser({ id: 10 }), version: 3 };

/** Scenario: GET users/{id} answers these users in turn (the last one from then on); others fail. */
function givenStored(...answers: Array<UserDetail | ApiError>) {
  let call = 0;
  jest.mocked(api.get).mockImplementation(async (url) => {
    if (url !== paths.users.detail(10)) throw new Error(`unexpected GET ${url}`);
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (answer instanceof ApiError) throw answer;
    return { message: 'Detail user', data: answer };
  });
}

/** Scenario: PATCH users/{id} answers these (an error is thrown), then the saved user. */
function givenSaves(...answers: Array<UserDetail | ApiError>) {
  for (const answer of answers) {
    jest.mocked(api.patch).mockImplementationOnce(async () => {
      if (answer instanceof ApiError) throw answer;
      return { message: 'User berhasil diperbarui', data: answer };
    });
  }
}

const conflict = () =>
  new ApiError('http', VERSION_CONFLICT_MESSAGE, 409, { message: VERSION_CONFLICT_MESSAGE });

afterEach(() => jest.resetAllMocks());

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
    expect(api.get).not.toHaveBeenCalled();
  });

  it('fills the form from the api, not from the link; name, NIK and phone are read-only', async () => {
    givenStored(stored);
    const forged = createUser({ id: 10, phone: '089999999999', nama: 'Nama Palsu' });
    renderEdit(hashIdOf(forged));
    // (the first status while the record loads is the form skeleton's "Memuat data…")
    expect(
      (await screen.findByText('Data diperbarui dari server')).closest('[role="status"]'),
    ).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
    for (const [label, value] of [
      ['Nama', stored.nama],
      ['NIK', stored.nik],
      ['No. Handphone', stored.phone],
    ] as const) {
      const field = screen.getByRole('textbox', { name: label });
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Admin');
  });

  it('says nothing when the link holds what the api holds', async () => {
    givenStored(stored);
    renderEdit(hashIdOf(createUser({ id: 10 })));
    expect(await screen.findByRole('textbox', { name: 'Nama' })).toHaveValue(stored.nama);
    expect(screen.queryByText('Data diperbarui dari server')).not.toBeInTheDocument();
  });

  it('saves only what changed, with the version read; a forged link sends none of its data', async () => {
    const user = userEvent.setup();
    givenStored(stored);
    givenSaves({ ...stored, version: 4 });
    const { location } = renderEdit(hashIdOf(createUser({ id: 10, phone: '089999999999' })));
    await user.click(await screen.findByRole('button', { name: 'Simpan' }));
    expect(api.patch).toHaveBeenCalledWith(paths.users.update(10), { version: 3 }, expect.anything());

    expect(await screen.findByTestId('location')).toHaveTextContent('/user-management');
    expect(location().pathname).toBe('/user-management');
  });

  it('shows a clear message and the way back when the user no longer exists', async () => {
    givenStored(new ApiError('http', 'User tidak ditemukan', 404, { message: 'User tidak ditemukan' }));
    renderEdit(hashIdOf(stored));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('User tidak ditemukan');
    expect(alert).toHaveTextContent('mungkin telah dihapus');
    expect(within(alert).getByRole('link', { name: 'Kembali ke daftar user' })).toHaveAttribute(
      'href',
      '/user-management',
    );
    expect(screen.queryByRole('button', { name: 'Simpan' })).not.toBeInTheDocument();
  });

  it('on a 409 keeps what was typed and offers "Muat ulang data", which asks, then shows the current user', async () => {
    const user = userEvent.setup();
    const changedMeanwhile: UserDetail = {
      ...stored,
      version: 4,
      perusahaan: [createUserCompany({ perusahaan_id: 2, perusahaan_name: 'AP 2', cabang: [] })],
    };
    givenStored(stored, changedMeanwhile);
    givenSaves(conflict());
    renderEdit(hashIdOf(stored));

    const unit = await screen.findByRole('checkbox', { name: /Unit 1B/ });
    await user.click(unit);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(VERSION_CONFLICT_MESSAGE);
    expect(api.patch).toHaveBeenCalledWith(
      paths.users.update(10),
      expect.objectContaining({ version: 3, perusahaan: expect.any(Array) }),
      expect.anything(),
    );
    expect(screen.getByRole('checkbox', { name: /Unit 1B/ })).toBeChecked();

    // "Muat ulang data" would drop the input: it asks first; "Batal" keeps everything.
    await user.click(within(alert).getByRole('button', { name: 'Muat ulang data' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Muat ulang data?');
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(screen.getByRole('checkbox', { name: /Unit 1B/ })).toBeChecked();
    expect(api.get).toHaveBeenCalledTimes(1);

    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Muat ulang data' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Muat ulang' }),
    );
    expect(await screen.findByRole('checkbox', { name: /Unit 2A/ })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Unit 1B/ })).not.toBeInTheDocument();
    expect(screen.queryByText(VERSION_CONFLICT_MESSAGE)).not.toBeInTheDocument();

    // AP 2 came back without a unit: Simpan waits for one (issue 37) and says so.
    expect(screen.getByRole('button', { name: 'Simpan' })).toHaveAccessibleDescription(
      'Untuk menyimpan, lengkapi: unit AP 2.',
    );
    // The next save carries the version just read.
    givenSaves({ ...changedMeanwhile, version: 5 });
    await user.click(screen.getByRole('checkbox', { name: /Unit 2A/ }));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(api.patch).toHaveBeenLastCalledWith(
      paths.users.update(10),
      expect.objectContaining({ version: 4 }),
      expect.anything(),
    );
  });
});
