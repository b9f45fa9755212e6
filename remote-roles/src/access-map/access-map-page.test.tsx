import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@sso/shared/api';
import { ACCESS_LEVEL, type AccessMapOptions, type AccessMapPlaceRow } from '@sso/shared/contract';
import { renderRoute, settled, signInAs } from '@sso/shared/testing';
import {
  useAccessMapOptions,
  usePeople,
  usePerson,
  usePlace,
  type PlaceParams,
} from './api/access-map-queries';
import AccessMapPage from './access-map-page';

jest.mock('./api/access-map-queries');

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

type Query = UseQueryResult<unknown>;
const asQuery = (value: unknown) => value as Query;

beforeEach(() => {
  signInAs(ACCESS_LEVEL.viewer);
  jest.mocked(useAccessMapOptions).mockReturnValue(asQuery(settled({ data: OPTIONS })) as never);
  jest.mocked(usePlace).mockReturnValue(asQuery(settled({ data: [], meta: { total: 0 } })) as never);
  jest.mocked(usePerson).mockReturnValue(asQuery(settled(undefined)) as never);
  jest.mocked(usePeople).mockReturnValue(asQuery(settled({ data: [] })) as never);
});

const lastPlaceParams = (): PlaceParams | null => jest.mocked(usePlace).mock.calls.at(-1)?.[0] ?? null;

describe('Peta Akses, by place', () => {
  it('asks for an application first, then lists who reaches the place with level and role', async () => {
    const view = renderRoute(<AccessMapPage />, { path: '/peta-akses' });
    expect(screen.getByRole('heading', { name: 'Peta Akses' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Pilih aplikasi (dan bila perlu menu atau sub-menu) untuk melihat siapa yang menjangkaunya.',
      ),
    ).toBeInTheDocument();
    expect(lastPlaceParams()).toBeNull();
    view.unmount();

    jest.mocked(usePlace).mockReturnValue(asQuery(settled({ data: [row()], meta: { total: 1 } })) as never);
    renderRoute(<AccessMapPage />, {
      path: '/peta-akses',
      url: '/peta-akses?app=2&menu=21&perusahaan_id=2&level=1&keyword=siti&sortBy=level&sort=desc&page=1',
    });
    expect(lastPlaceParams()).toMatchObject({
      app: 2,
      menu: 21,
      perusahaan_id: 2,
      level: 1,
      keyword: 'siti',
      sortBy: 'level',
      sort: 'desc',
      page: 1,
    });
    const table = screen.getByRole('table', { name: 'User yang menjangkau HRIS › Karyawan › Data Karyawan' });
    expect(within(table).getAllByText('Siti Rahma').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Owner').length).toBeGreaterThan(0);
  });

  it('says so when nobody in scope reaches the place, and when the filters match nobody', () => {
    const view = renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?app=2' });
    expect(
      screen.getByText('Tidak ada user dalam cakupan Anda yang menjangkau tempat ini.'),
    ).toBeInTheDocument();
    view.unmount();
    renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?app=2&role_id=4' });
    expect(
      screen.getByText('Tidak ada user yang cocok dengan pencarian atau filter ini.'),
    ).toBeInTheDocument();
  });

  it('shows the api error in Indonesian with a retry, never a blank screen', async () => {
    const refetch = jest.fn();
    jest.mocked(usePlace).mockReturnValue({
      ...settled(undefined),
      isError: true,
      data: undefined,
      error: new ApiError('http', 'Terjadi kesalahan pada server', 500),
      refetch,
    } as never);
    renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?app=2' });
    expect(screen.getByText('Peta Akses tidak dapat dimuat')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Coba lagi/ }));
    expect(refetch).toHaveBeenCalled();
  });

  it('keeps the direction in the URL', async () => {
    const view = renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?app=2' });
    await userEvent.click(screen.getByRole('button', { name: 'Per Orang' }));
    expect(view.location().search).toContain('view=orang');
    expect(
      screen.getByText('Cari user berdasarkan nama atau NIK, lalu pilih untuk melihat seluruh aksesnya.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Tidak ada user yang cocok dalam cakupan Anda.')).toBeInTheDocument();
  });
});

describe('Peta Akses, by person', () => {
  it('picks a user and lists their applications and menus with level and role', async () => {
    jest
      .mocked(usePeople)
      .mockReturnValue(
        asQuery(settled({ data: [{ id: 9, nik: '100006', nama: 'Admin AP Demo' }] })) as never,
      );
    const view = renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?view=orang' });
    await userEvent.click(screen.getByRole('button', { name: /Admin AP Demo/ }));
    expect(view.location().search).toContain('user=9');
    view.unmount();

    jest.mocked(usePerson).mockReturnValue(
      asQuery(
        settled({
          data: [
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
          meta: {
            total: 1,
            user: {
              id: 9,
              nik: '100006',
              nama: 'Admin AP Demo',
              role_name: 'Admin AP',
              companies: 'PT Arta Boga Cemerlang',
            },
          },
        }),
      ) as never,
    );
    renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?view=orang&user=9&app=2' });
    expect(jest.mocked(usePerson).mock.calls.at(-1)).toEqual([
      9,
      expect.objectContaining({ app: 2, page: 1 }),
    ]);
    const table = screen.getByRole('table', { name: 'Akses Admin AP Demo' });
    expect(within(table).getAllByText('Karyawan › Data Karyawan').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Modifier').length).toBeGreaterThan(0);
  });

  it('tells "User tidak ditemukan" for a user outside the scope and offers another', () => {
    jest.mocked(usePerson).mockReturnValue({
      ...settled(undefined),
      isError: true,
      data: undefined,
      error: new ApiError('http', 'User tidak ditemukan', 404),
    } as never);
    renderRoute(<AccessMapPage />, { path: '/peta-akses', url: '/peta-akses?view=orang&user=77' });
    expect(screen.getByText('User tidak ditemukan')).toBeInTheDocument();
    expect(screen.getByText('Pilih user lain dari pencarian.')).toBeInTheDocument();
    expect(screen.queryByText('Peta Akses tidak dapat dimuat')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ganti user' })).toBeInTheDocument();
  });
});
