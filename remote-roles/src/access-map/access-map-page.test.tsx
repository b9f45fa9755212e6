/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCESS_LEVEL,
  accessMapPaths,
  type AccessMapOptions,
  type AccessMapPlaceRow,
} from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { fakeServer, lastQueryTo, requestsTo, startFakeServer } from '@sso/shared/testing/fake-server';
import { roleScenarios } from '../test-support/role-scenarios';
import AccessMapPage from './access-map-page';

const OPTIONS: AccessMapOptions = {
  applications: [
    { id: 1, name: 'SSO Admin Panel', menus: [{ id: 10, name: 'Peta Akses', children: [] }] },
    {
      id: 2,
      name: 'HRIS',
      menus: [{ id: 20, name: 'Karyawan', children: [{ id: 21, name: 'Data Karyawan' }] }],
    },
  ],
  companies: [{ id: 2, nama: 'PT Arta Boga Cemerlang', units: [{ id: 7, name: 'Jakarta' }] }],
  roles: [
    { id: 1, name: 'Super Admin' },
    { id: 4, name: 'HR Manager' },
  ],
};

const row = (over: Partial<AccessMapPlaceRow> = {}): AccessMapPlaceRow => ({
  user_id: 5,
  nik: '200123',
  nama: 'Siti Rahma',
  is_active: true,
  role_id: 4,
  role_name: 'HR Manager',
  level: 1,
  companies: 'PT Arta Boga Cemerlang',
  ...over,
});

const server = startFakeServer(
  roleScenarios.accessMapOptions(OPTIONS),
  roleScenarios.place([]),
  roleScenarios.people([]),
);

beforeEach(() => signInAs(ACCESS_LEVEL.viewer));

/** The query of the last by-place request, as the api receives it (undefined: none was made). */
const lastPlaceQuery = () => lastQueryTo(server.requests, accessMapPaths.byPlace);

describe('Peta Akses, by place', () => {
  it('asks for an application first, then lists who reaches the place with level and role', async () => {
    const view = renderRoute(<AccessMapPage />, { path: '/peta-akses' });
    expect(screen.getByRole('heading', { name: 'Peta Akses' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Pilih aplikasi (dan bila perlu menu atau sub-menu) untuk melihat siapa yang menjangkaunya.',
      ),
    ).toBeInTheDocument();
    expect(lastPlaceQuery()).toBeUndefined();
    view.unmount();

    fakeServer.use(roleScenarios.place([row()]));
    renderRoute(<AccessMapPage />, {
      path: '/peta-akses',
      url: '/peta-akses?app=2&menu=21&perusahaan_id=2&level=1&keyword=siti&sortBy=level&sort=desc&page=1',
    });
    await waitFor(() =>
      expect(lastPlaceQuery()).toMatchObject({
        app: '2',
        menu: '21',
        perusahaan_id: '2',
        level: '1',
        keyword: 'siti',
        sortBy: 'level',
        sort: 'desc',
        page: '1',
      }),
    );
    const table = await screen.findByRole('table', {
      name: 'User yang menjangkau HRIS › Karyawan › Data Karyawan',
    });
    await within(table).findAllByText('Siti Rahma');
    expect(within(table).getAllByText('Siti Rahma').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Owner').length).toBeGreaterThan(0);
  });

  it('says so when nobody in scope reaches the place, and when the filters match nobody', async () => {
    const view = renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?app=2' });
    expect(
      await screen.findByText('Tidak ada user dalam cakupan Anda yang menjangkau tempat ini.'),
    ).toBeInTheDocument();
    view.unmount();
    renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?app=2&role_id=4' });
    expect(
      await screen.findByText('Tidak ada user yang cocok dengan pencarian atau filter ini.'),
    ).toBeInTheDocument();
  });

  it('shows the api error in Indonesian with a retry, never a blank screen', async () => {
    fakeServer.use(roleScenarios.placeFails(500, 'Terjadi kesalahan pada server'));
    renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?app=2' });
    expect(await screen.findByText('Peta Akses tidak dapat dimuat')).toBeInTheDocument();
    const asked = requestsTo(server.requests, 'GET', accessMapPaths.byPlace).length;
    await userEvent.click(screen.getByRole('button', { name: /Coba lagi/ }));
    await waitFor(() =>
      expect(requestsTo(server.requests, 'GET', accessMapPaths.byPlace).length).toBeGreaterThan(asked),
    );
  });

  it('keeps the direction in the URL', async () => {
    const view = renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?app=2' });
    await userEvent.click(screen.getByRole('button', { name: 'Per Orang' }));
    expect(view.location().search).toContain('view=orang');
    expect(
      screen.getByText('Cari user berdasarkan nama atau NIK, lalu pilih untuk melihat seluruh aksesnya.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Tidak ada user yang cocok dalam cakupan Anda.')).toBeInTheDocument();
  });
});

describe('Peta Akses, by person', () => {
  it('picks a user and lists their applications and menus with level and role', async () => {
    fakeServer.use(
      roleScenarios.person(
        [
          {
            app_id: 2,
            app_name: 'HRIS',
            menu_id: 21,
            menu_name: 'Data Karyawan',
            parent_name: 'Karyawan',
            level: 2,
            role_id: 8,
            role_name: 'Admin AP',
          },
        ],
        {
          id: 9,
          nik: '100006',
          nama: 'Admin AP Demo',
          role_name: 'Admin AP',
          companies: 'PT Arta Boga Cemerlang',
        },
      ),
    );
    fakeServer.use(roleScenarios.people([{ id: 9, nik: '100006', nama: 'Admin AP Demo' }]));
    const view = renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?view=orang' });
    await userEvent.click(await screen.findByRole('button', { name: /Admin AP Demo/ }));
    expect(view.location().search).toContain('user=9');
    view.unmount();

    renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?view=orang&user=9&app=2' });
    const table = await screen.findByRole('table', { name: 'Akses Admin AP Demo' });
    expect(lastQueryTo(server.requests, accessMapPaths.byPerson(9))).toMatchObject({ app: '2', page: '1' });
    await within(table).findAllByText('Karyawan › Data Karyawan');
    expect(within(table).getAllByText('Karyawan › Data Karyawan').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Modifier').length).toBeGreaterThan(0);
  });

  it('tells "User tidak ditemukan" for a user outside the scope and offers another', async () => {
    fakeServer.use(roleScenarios.personFails(404, 'User tidak ditemukan'));
    renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?view=orang&user=77' });
    expect(await screen.findByText('User tidak ditemukan')).toBeInTheDocument();
    expect(screen.getByText('Pilih user lain dari pencarian.')).toBeInTheDocument();
    expect(screen.queryByText('Peta Akses tidak dapat dimuat')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ganti user' })).toBeInTheDocument();
  });
});
