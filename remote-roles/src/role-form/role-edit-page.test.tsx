import { TextDecoder, TextEncoder } from 'node:util';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError, api } from '@sso/shared/api';
import {
  VERSION_CONFLICT_MESSAGE,
  paths,
  type Application,
  type Color,
  type Menu,
  type RoleDetail,
} from '@sso/shared/contract';
import { encodeHashId } from '@sso/shared/federation';
import { renderRoute } from '@sso/shared/testing';
import { useApplications } from '../reference-data/get-applications';
import { useColors } from '../reference-data/get-colors';
import { useMenus } from '../reference-data/get-menus';
import {
  createApplication,
  createColor,
  createMenuTree,
  createRole,
  settled,
  signInAsOwnerOf,
} from '../test-support/factories';
import RoleEditPage from './role-edit-page';

jest.mock('@sso/shared/api', () => ({
  ...jest.requireActual<object>('@sso/shared/api'),
  api: { get: jest.fn(), post: jest.fn(), patch: jest.fn(), delete: jest.fn() },
}));
jest.mock('../reference-data/get-colors');
jest.mock('../reference-data/get-applications');
jest.mock('../reference-data/get-menus');

// jsdom lacks the encoders every browser has; the codec needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

beforeEach(() => {
  signInAsOwnerOf();
  jest
    .mocked(useColors)
    .mockReturnValue(
      settled([
        createColor({ id: 3, hex_code: '#3949ab' }),
        createColor({ id: 5, hex_code: '#00897b' }),
      ]) as unknown as UseQueryResult<Color[]>,
    );
  jest
    .mocked(useApplications)
    .mockReturnValue(settled([createApplication()]) as unknown as UseQueryResult<Application[]>);
  jest.mocked(useMenus).mockReturnValue(settled(createMenuTree()) as unknown as UseQueryResult<Menu[]>);
});
afterEach(() => jest.resetAllMocks());

/** The role as the api holds it (Auditor, colour 3, User Management owner), version 2. */
const stored: RoleDetail = { ...createRole(), version: 2 };

/** Scenario: GET role/detail answers these in turn (the last one from then on); others fail. */
function givenStored(...answers: Array<RoleDetail | ApiError>) {
  let call = 0;
  jest.mocked(api.get).mockImplementation(async (url) => {
    if (url !== paths.roles.detail(7)) throw new Error(`unexpected GET ${url}`);
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (answer instanceof ApiError) throw answer;
    return { message: 'Detail role', data: answer };
  });
}

function givenSaves(...answers: Array<RoleDetail | ApiError>) {
  for (const answer of answers) {
    jest.mocked(api.patch).mockImplementationOnce(async () => {
      if (answer instanceof ApiError) throw answer;
      return { message: 'Role berhasil diperbarui', data: answer };
    });
  }
}

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
    expect(await screen.findByRole('status')).toHaveTextContent('Data diperbarui dari server');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Role' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nama Role')).toHaveValue('Auditor');
    expect(screen.getByRole('radio', { name: 'Warna #3949ab' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'SSO Admin Panel' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('combobox', { name: 'Level akses User Management' })).toHaveValue('1');
    expect(screen.getByRole('combobox', { name: 'Level akses Daftar User' })).toHaveValue('2');

    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(api.patch).toHaveBeenCalledWith(paths.roles.update(7), { version: 2 }, expect.anything());
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
    expect(api.patch).toHaveBeenCalledWith(
      paths.roles.update(7),
      { version: 2, name: 'Auditor Pusat' },
      expect.anything(),
    );
  });

  it('shows a clear message and the way back when the role no longer exists', async () => {
    givenStored(new ApiError('http', 'Role tidak ditemukan', 404, { message: 'Role tidak ditemukan' }));
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
    givenStored(new ApiError('network', 'Tidak dapat terhubung ke server. Periksa koneksi Anda.'), stored);
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
    givenSaves(new ApiError('http', VERSION_CONFLICT_MESSAGE, 409, { message: VERSION_CONFLICT_MESSAGE }));
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
    expect(api.get).not.toHaveBeenCalled();
  });
});
