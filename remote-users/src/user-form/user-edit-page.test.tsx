/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERSION_CONFLICT_MESSAGE, paths, type UserDetail } from '@sso/shared/contract';
import { renderRoute } from '@sso/shared/testing';
import {
  bodiesSentTo,
  fakeServer,
  refused,
  requestsTo,
  startFakeServer,
  type Refusal,
} from '@sso/shared/testing/fake-server';
import { createUser, createUserCompany } from '../test-support/factories';
import { userScenarios } from '../test-support/user-scenarios';
import UserEditPage from './user-edit-page';

const server = startFakeServer(...userScenarios.reference());

/** jsdom has no TextEncoder for the codec; build the hashId the same way (UTF-8 → base64url). */
const hashIdOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const renderEdit = (hashId: string) =>
  renderRoute(<UserEditPage />, { path: '/edit-user/:hashId', url: `/edit-user/${hashId}` });

/** The user as the api holds it: AP 1 with unit 1, version 3. */
const stored: UserDetail = { ...createUser({ id: 10 }), version: 3 };

/** Scenario: GET users/{id} answers these users in turn (the last one from then on). */
const givenStored = (...answers: Array<UserDetail | Refusal>) =>
  fakeServer.use(userScenarios.detail(...answers));
/** Scenario: PATCH users/{id} answers these in turn. */
const givenSaves = (...answers: Array<UserDetail | Refusal>) =>
  fakeServer.use(userScenarios.saves(...answers));
/** The bodies the page saved to user 10. */
const saved = () => bodiesSentTo(server.requests, 'PATCH', paths.users.update(10));
/** The reads of a user record (any id: a malformed link must ask none). */
const recordReads = () =>
  server.requests.filter((r) => r.method === 'GET' && /\/users\/[^/]+$/.test(new URL(r.url).pathname));

const conflict = () => refused(409, VERSION_CONFLICT_MESSAGE);

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
    expect(recordReads()).toEqual([]);
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
    await waitFor(async () => expect(await saved()).toEqual([{ version: 3 }]));

    expect(await screen.findByTestId('location')).toHaveTextContent('/user-management');
    expect(location().pathname).toBe('/user-management');
  });

  it('shows a clear message and the way back when the user no longer exists', async () => {
    givenStored(refused(404, 'User tidak ditemukan'));
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
    expect(await saved()).toEqual([expect.objectContaining({ version: 3, perusahaan: expect.any(Array) })]);
    expect(screen.getByRole('checkbox', { name: /Unit 1B/ })).toBeChecked();

    // "Muat ulang data" would drop the input: it asks first; "Batal" keeps everything.
    await user.click(within(alert).getByRole('button', { name: 'Muat ulang data' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Muat ulang data?');
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(screen.getByRole('checkbox', { name: /Unit 1B/ })).toBeChecked();
    expect(requestsTo(server.requests, 'GET', paths.users.detail(10))).toHaveLength(1);

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
    await waitFor(async () =>
      expect((await saved()).at(-1)).toEqual(expect.objectContaining({ version: 4 })),
    );
  });
});
