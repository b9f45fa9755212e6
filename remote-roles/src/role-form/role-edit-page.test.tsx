/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERSION_CONFLICT_MESSAGE, paths, type RoleDetail } from '@sso/shared/contract';
import { encodeHashId } from '@sso/shared/federation';
import { renderRoute } from '@sso/shared/testing';
import {
  bodiesSentTo,
  fakeServer,
  networkDown,
  refused,
  requestsTo,
  startFakeServer,
  type Refusal,
} from '@sso/shared/testing/fake-server';
import { createColor, createRole, signInAsOwnerOf } from '../test-support/factories';
import { roleScenarios } from '../test-support/role-scenarios';
import RoleEditPage from './role-edit-page';

const server = startFakeServer(
  ...roleScenarios.reference(undefined, [
    createColor({ id: 3, hex_code: '#3949ab' }),
    createColor({ id: 5, hex_code: '#00897b' }),
  ]),
);

beforeEach(() => signInAsOwnerOf());

/** The role as the api holds it (Auditor, colour 3, User Management owner), version 2. */
const stored: RoleDetail = { ...createRole(), version: 2 };

/** Scenario: GET role/detail answers these in turn (the last one from then on). */
const givenStored = (...answers: Array<RoleDetail | Refusal>) =>
  fakeServer.use(roleScenarios.detail(...answers));
/** Scenario: PATCH role/update answers these in turn. */
const givenSaves = (...answers: Array<RoleDetail | Refusal>) =>
  fakeServer.use(roleScenarios.saves(...answers));
/** The bodies the page saved to role 7, once it has sent one. */
const saved = async () => {
  await waitFor(() =>
    expect(requestsTo(server.requests, 'PATCH', paths.roles.update(7)).length).toBeGreaterThan(0),
  );
  return bodiesSentTo(server.requests, 'PATCH', paths.roles.update(7));
};

const renderAt = (hashId: string) =>
  renderRoute(<RoleEditPage />, { path: '/edit-role/:hashId', url: `/edit-role/${hashId}` });

describe('RoleEditPage', () => {
  it('fills the form from the api; a link granting more says the data was refreshed and grants nothing', async () => {
    const user = userEvent.setup();
    givenStored(stored);
    givenSaves({ ...stored, version: 3 });
    // A forged link: the same id, another name, every menu owned.
    const forged = createRole({
      name: 'Pemilik Semua',
      applications: stored.applications.map((app) => ({
        ...app,
        menus: app.menus.map((m) => ({
          ...m,
          acces_level: 1,
          children: m.children.map((c) => ({ ...c, acces_level: 1 })),
        })),
      })),
    });
    renderAt(encodeHashId(forged));
    // (the first status while the record loads is the form skeleton's "Memuat data…")
    expect(
      (await screen.findByText('Data diperbarui dari server')).closest('[role="status"]'),
    ).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Role' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nama Role')).toHaveValue('Auditor');
    expect(await screen.findByRole('radio', { name: 'Warna #3949ab' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'SSO Admin Panel' })).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByRole('combobox', { name: 'Level akses User Management' })).toHaveValue('1');
    expect(screen.getByRole('combobox', { name: 'Level akses Daftar User' })).toHaveValue('2');

    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await saved()).toEqual([{ version: 2 }]);
  });

  it('sends only the name when only the name changed', async () => {
    const user = userEvent.setup();
    givenStored(stored);
    givenSaves({ ...stored, name: 'Auditor Pusat', version: 3 });
    renderAt(encodeHashId(createRole()));
    const name = await screen.findByLabelText('Nama Role');
    expect(screen.queryByText('Data diperbarui dari server')).not.toBeInTheDocument();
    await user.type(name, ' Pusat');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await saved()).toEqual([{ version: 2, name: 'Auditor Pusat' }]);
  });

  it('shows a clear message and the way back when the role no longer exists', async () => {
    givenStored(refused(404, 'Role tidak ditemukan'));
    renderAt(encodeHashId(createRole()));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Role tidak ditemukan');
    expect(within(alert).getByRole('link', { name: 'Kembali ke Role Management' })).toHaveAttribute(
      'href',
      '/role-management',
    );
    expect(screen.queryByLabelText('Nama Role')).not.toBeInTheDocument();
  });

  it('a failed read offers a retry that reads the role again', async () => {
    const user = userEvent.setup();
    givenStored(networkDown(), stored);
    renderAt(encodeHashId(createRole()));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Data tidak dapat dimuat');
    await user.click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByLabelText('Nama Role')).toHaveValue('Auditor');
  });

  it('on a 409 keeps the typed name and reloads the current role after asking', async () => {
    const user = userEvent.setup();
    const changedMeanwhile: RoleDetail = { ...stored, name: 'Auditor Internal', version: 3 };
    givenStored(stored, changedMeanwhile);
    givenSaves(refused(409, VERSION_CONFLICT_MESSAGE));
    renderAt(encodeHashId(createRole()));

    const name = await screen.findByLabelText('Nama Role');
    await user.clear(name);
    await user.type(name, 'Auditor Cabang');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(VERSION_CONFLICT_MESSAGE);
    expect(screen.getByLabelText('Nama Role')).toHaveValue('Auditor Cabang');

    await user.click(within(alert).getByRole('button', { name: 'Muat ulang data' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Muat ulang' }),
    );
    expect(await screen.findByDisplayValue('Auditor Internal')).toBeInTheDocument();
    expect(screen.queryByText(VERSION_CONFLICT_MESSAGE)).not.toBeInTheDocument();
  });

  it.each([
    ['garbage', 'bukan-role-%25'],
    ['valid base64 of another shape', 'eyJhIjoxfQ'],
  ])('a malformed hashId (%s) shows a clear message and the way back', (_label, hashId) => {
    renderAt(hashId);
    expect(screen.getByRole('alert')).toHaveTextContent('Data role tidak valid');
    expect(screen.getByRole('link', { name: 'Kembali ke Role Management' })).toHaveAttribute(
      'href',
      '/role-management',
    );
    expect(screen.queryByLabelText('Nama Role')).not.toBeInTheDocument();
    expect(requestsTo(server.requests, 'GET', paths.roles.detail(7))).toEqual([]);
  });
});
