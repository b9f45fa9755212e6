import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteStatus } from '../federation/remote-status';
import { RemoteStatusSection } from './remote-status-section';

const remotes = [
  { name: 'auth', entry: 'http://localhost:3001/mf-manifest.json' },
  { name: 'users', entry: 'http://localhost:3002/mf-manifest.json' },
  { name: 'roles', entry: 'http://localhost:3003/mf-manifest.json' },
];
const checkedAt = new Date('2026-11-23T10:15:30');

const statuses: RemoteStatus[] = [
  {
    name: 'auth',
    origin: 'http://localhost:3001',
    build: { version: '1.0.0', buildId: 'b1', builtAt: '2026-11-23T09:00:00.000Z' },
    state: 'loaded',
    manifestMs: 14.2,
    checkedAt,
  },
  { name: 'users', origin: 'http://localhost:3002', state: 'not-loaded', manifestMs: 9, checkedAt },
  {
    name: 'roles',
    origin: 'http://localhost:3003',
    state: 'failed',
    failure: { kind: 'incompatible', detail: 'Membutuhkan @sso/shared ^3.0.0, host menyediakan 2.0.0' },
    manifestMs: 20,
    checkedAt,
  },
];

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('RemoteStatusSection', () => {
  it('shows a loading state, then one row per remote with its version, build and state', async () => {
    const answer = deferred<RemoteStatus[]>();
    render(<RemoteStatusSection remotes={remotes} hostVersion="1.0.0" check={() => answer.promise} />);
    expect(screen.getByRole('status', { name: 'Memeriksa modul…' })).toBeInTheDocument();
    answer.resolve(statuses);

    const table = await screen.findByRole('table', { name: /Modul yang terdaftar/ });
    expect(screen.getByRole('heading', { level: 2, name: 'Status Modul' })).toBeInTheDocument();
    expect(screen.getByText('Versi host: 1.0.0')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Modul', 'Asal', 'Versi', 'Build', 'Status', 'Waktu manifest', 'Diperiksa']);
    const auth = within(table).getByRole('row', { name: /^auth/ });
    expect(auth).toHaveTextContent('http://localhost:3001');
    expect(auth).toHaveTextContent('1.0.0');
    expect(auth).toHaveTextContent('b1');
    expect(auth).toHaveTextContent('Dimuat');
    expect(auth).toHaveTextContent('14 ms');
    expect(within(table).getByRole('row', { name: /^users/ })).toHaveTextContent('Belum dimuat');
    const roles = within(table).getByRole('row', { name: /^roles/ });
    expect(roles).toHaveTextContent('Gagal: tidak kompatibel');
    expect(roles).toHaveTextContent('Membutuhkan @sso/shared ^3.0.0, host menyediakan 2.0.0');
  });

  it('"Periksa lagi" reads every manifest again and shows the new answer', async () => {
    const check = jest
      .fn<Promise<RemoteStatus[]>, []>()
      .mockResolvedValueOnce(statuses)
      .mockResolvedValueOnce([{ ...statuses[2]!, state: 'not-loaded', failure: undefined }]);
    render(<RemoteStatusSection remotes={remotes} hostVersion="1.0.0" check={check} />);
    expect(await screen.findByText('Gagal: tidak kompatibel')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Periksa lagi' }));
    expect(await screen.findByRole('row', { name: /^roles/ })).toHaveTextContent('Belum dimuat');
    expect(screen.queryByText('Gagal: tidak kompatibel')).not.toBeInTheDocument();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('shows an error state with a retry when the check itself fails', async () => {
    const check = jest
      .fn<Promise<RemoteStatus[]>, []>()
      .mockRejectedValueOnce(new Error('config tidak terbaca'))
      .mockResolvedValueOnce(statuses);
    render(<RemoteStatusSection remotes={remotes} hostVersion="1.0.0" check={check} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Status modul tidak dapat diperiksa');
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
