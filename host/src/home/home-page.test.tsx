import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { ACCESS_LEVEL } from '@sso/shared/access';
import type { RemoteDescriptor } from '@sso/shared/federation';
import { signInAs } from '@sso/shared/testing';
import { loadPage, loadedPage } from '../federation/load-page';
import type { RemoteView } from '../federation/remote-states';
import { HomePage } from './home-page';

jest.mock('../federation/load-page');

const cardOf = (name: string, id: string, title: string, menu: string, order: number): RemoteDescriptor => ({
  name,
  routes: [],
  nav: [],
  cards: [{ id, title, module: `./${id}`, requires: { menu, capability: 'view' }, order }],
});
const ready = (descriptor: RemoteDescriptor): RemoteView => ({
  name: descriptor.name,
  entry: `http://localhost/${descriptor.name}/mf-manifest.json`,
  status: 'ready',
  descriptor,
});

const users = cardOf('users', 'users-total', 'Total User', 'Daftar User', 10);
const roles = cardOf('roles', 'roles-total', 'Total Role', 'Daftar Role', 20);
const audit = cardOf('audit', 'recent', 'Aktivitas Terbaru', 'Log Aktivitas', 30);

/** A load the test settles by hand. */
function deferred() {
  let resolve: (component: ComponentType) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<ComponentType>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  jest.mocked(loadPage).mockReset();
  jest.mocked(loadedPage).mockReturnValue(undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('HomePage', () => {
  it('keeps the heading Home, shows skeletons, then each card; a failing card stays contained', async () => {
    signInAs(ACCESS_LEVEL.owner);
    const loads = { users: deferred(), roles: deferred(), audit: deferred() };
    jest.mocked(loadPage).mockImplementation((remote) => loads[remote as keyof typeof loads].promise);
    const onRetry = jest.fn();
    render(<HomePage states={[ready(audit), ready(users), ready(roles)]} onRetry={onRetry} />);

    expect(screen.getByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Total User', 'Total Role', 'Aktivitas Terbaru']);
    expect(screen.getByTestId('home-card-users-total').querySelector('[aria-hidden="true"]')).not.toBeNull();

    await act(async () => {
      loads.users.resolve(() => <p>128 user terdaftar</p>);
      loads.roles.reject(new Error('remote roles down'));
      await Promise.resolve();
    });
    expect(await screen.findByText('128 user terdaftar')).toBeInTheDocument();
    const rolesCard = screen.getByTestId('home-card-roles-total');
    expect(within(rolesCard).getByRole('alert')).toHaveTextContent('Kartu ini tidak dapat dimuat');
    expect(screen.getByText('128 user terdaftar')).toBeInTheDocument();

    await userEvent.click(within(rolesCard).getByRole('button', { name: 'Coba lagi' }));
    expect(onRetry).toHaveBeenCalledWith([expect.objectContaining({ name: 'roles' })]);
  });

  it('loads no code for a card the user may not see (viewer without Log Aktivitas)', () => {
    signInAs(ACCESS_LEVEL.viewer, { without: ['Log Aktivitas'] });
    jest.mocked(loadPage).mockReturnValue(new Promise(() => undefined));
    render(<HomePage states={[ready(users), ready(audit)]} onRetry={jest.fn()} />);
    expect(screen.queryByText('Aktivitas Terbaru')).not.toBeInTheDocument();
    expect(jest.mocked(loadPage).mock.calls.map(([remote]) => remote)).toEqual(['users']);
  });

  it("shows a dead remote's card as a contained message without loading it", () => {
    signInAs(ACCESS_LEVEL.owner);
    jest.mocked(loadPage).mockReturnValue(new Promise(() => undefined));
    const dead: RemoteView = {
      ...ready(roles),
      status: 'stale',
      error: 'tidak dapat dihubungi',
    } as RemoteView;
    render(<HomePage states={[ready(users), dead]} onRetry={jest.fn()} />);
    expect(within(screen.getByTestId('home-card-roles-total')).getByRole('alert')).toBeInTheDocument();
    expect(jest.mocked(loadPage).mock.calls.map(([remote]) => remote)).toEqual(['users']);
  });
});
