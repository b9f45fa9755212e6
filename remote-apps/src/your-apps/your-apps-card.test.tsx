/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decompressFromEncodedURIComponent } from 'lz-string';
import { ACCESS_LEVEL, paths } from '@sso/shared/contract';
import { readSession, writeSession } from '@sso/shared/session';
import { renderRoute, signInAs } from '@sso/shared/testing';
import {
  bodiesSentTo,
  fakeServer,
  networkDown,
  requestsTo,
  sessionScenarios,
  startFakeServer,
} from '@sso/shared/testing/fake-server';
import { appScenarios } from '../test-support/app-scenarios';
import type { YourApp } from './api/get-your-apps';
import YourAppsCard from './your-apps-card';

const server = startFakeServer();

const app = (overrides: Partial<YourApp>): YourApp => ({
  id: 2,
  name: 'HRIS',
  url: 'https://hris.example.com/',
  logo_url: 'http://localhost:4000/static/logos/app-2.svg',
  initiate_login_uri: null,
  ...overrides,
});
const answer = (data: YourApp[]) => fakeServer.use(appScenarios.yourApps(data));

function signInWithLoginToken() {
  signInAs(ACCESS_LEVEL.viewer);
  const stored = readSession();
  if (!stored) throw new Error('no session');
  writeSession({ ...stored, token: 'test-login-token' });
}

beforeEach(() => signInWithLoginToken());
afterEach(() => localStorage.clear());

describe('Home card "Aplikasi Anda"', () => {
  it('lists the granted applications but this panel; an OIDC client opens at its "URL mulai masuk"', async () => {
    answer([
      app({ id: 1, name: 'SSO Admin Panel', url: 'http://localhost:3000' }),
      app({ id: 2, name: 'HRIS', initiate_login_uri: 'http://localhost:3101/login' }),
      app({ id: 4, name: 'Inventory', url: 'https://inventory.example.com/' }),
    ]);
    renderRoute(<YourAppsCard />, { path: '/home' });
    const list = await screen.findByRole('list', { name: 'Aplikasi yang dapat Anda buka' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('HRIS'), expect.stringContaining('Inventory')]);
    const [asked] = requestsTo(server.requests, 'GET', paths.session.availableApps);
    expect(asked?.headers.get('Authorization')).toBe('Bearer test-login-token');
    const hris = screen.getByRole('link', { name: 'Buka HRIS (tab baru)' });
    expect(hris).toHaveAttribute('href', 'http://localhost:3101/login');
    expect(hris).toHaveAttribute('target', '_blank');
    expect(hris).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('localhost:3101 · Masuk dengan SSO')).toBeInTheDocument();
    expect(screen.getByText('inventory.example.com · Masuk dengan sesi panel')).toBeInTheDocument();
  });

  it('opens an application without a client by the handoff: a fresh app session as the `/` route data', async () => {
    answer([app({ id: 4, name: 'Inventory', url: 'https://inventory.example.com/' })]);
    fakeServer.use(
      ...sessionScenarios.opens(4, {
        access_token: 'inv-access',
        session_token: 'inv-session',
        refresh_token: 'inv-refresh',
      }),
    );
    const tab = { opener: {}, location: { replace: jest.fn() }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = userEvent.setup();
    renderRoute(<YourAppsCard />, { path: '/home' });
    await user.click(await screen.findByRole('button', { name: 'Buka Inventory (tab baru)' }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalled());
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    // The session opened for Inventory with the login token (the shared chain, spec 4).
    expect(await bodiesSentTo(server.requests, 'POST', paths.session.create)).toEqual([{ app_id: 4 }]);
    const [create] = requestsTo(server.requests, 'POST', paths.session.create);
    expect(create?.headers.get('Authorization')).toBe('Bearer test-login-token');
    const target = new URL(String(tab.location.replace.mock.lastCall?.[0]));
    expect(target.origin + target.pathname).toBe('https://inventory.example.com/');
    expect(
      JSON.parse(decompressFromEncodedURIComponent(target.searchParams.get('data') ?? '')),
    ).toMatchObject({
      app_id: 4,
      access_token: 'inv-access',
      session_token: 'inv-session',
    });
    expect(tab.opener).toBeNull();
    open.mockRestore();
  });

  it('a refused opening closes the tab and says why under the application', async () => {
    answer([app({ id: 4, name: 'Inventory' })]);
    const message = 'Anda tidak memiliki akses ke aplikasi ini';
    fakeServer.use(sessionScenarios.openFails(403, message));
    const tab = { opener: {}, location: { replace: jest.fn() }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = userEvent.setup();
    renderRoute(<YourAppsCard />, { path: '/home' });
    await user.click(await screen.findByRole('button', { name: 'Buka Inventory (tab baru)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Inventory tidak dapat dibuka: ${message}`);
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('says so when the role grants no other application', async () => {
    answer([app({ id: 1, name: 'SSO Admin Panel' })]);
    renderRoute(<YourAppsCard />, { path: '/home' });
    expect(await screen.findByText('Belum ada aplikasi lain yang diberikan role Anda.')).toBeInTheDocument();
  });

  it('a failed read says why in Indonesian and "Coba lagi" reads again', async () => {
    fakeServer.use(appScenarios.yourApps(networkDown(), [app({ id: 2, name: 'HRIS' })]));
    const user = userEvent.setup();
    renderRoute(<YourAppsCard />, { path: '/home' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Daftar aplikasi Anda tidak dapat dimuat: Tidak dapat terhubung ke server',
    );
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('button', { name: 'Buka HRIS (tab baru)' })).toBeInTheDocument();
  });

  it('a session handed over without the login token cannot open applications: it says how', () => {
    signInAs(ACCESS_LEVEL.viewer);
    renderRoute(<YourAppsCard />, { path: '/home' });
    expect(screen.getByText(/Masuk ke panel dengan NIK atau nomor HP/)).toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });
});
