/** @jest-environment jest-fixed-jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compressToEncodedURIComponent } from 'lz-string';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ACCESS_LEVEL, SSO_PANEL_APP_ID, paths, type MeUser } from '@sso/shared/contract';
import { readSession, writeSession, type Session } from '@sso/shared/session';
import { panelMenus } from '@sso/shared/testing';
import {
  bodiesSentTo,
  createMeData,
  fakeServer,
  requestsTo,
  sessionScenarios,
  startFakeServer,
} from '@sso/shared/testing/fake-server';
import { ConfirmDialogHost } from '@sso/shared/ui';
import { HandoffPage } from './handoff-page';
import { takeHandoffParam } from './take-handoff-param';

const server = startFakeServer(sessionScenarios.loggedOut());

/** The api confirms the handed-over session of this panel, as this user's. */
const givenConfirmed = (user: Pick<MeUser, 'id' | 'nik' | 'name'>) => {
  const me = createMeData({ user_menu: panelMenus(ACCESS_LEVEL.viewer) });
  fakeServer.use(
    sessionScenarios.validates(SSO_PANEL_APP_ID),
    sessionScenarios.me({ ...me, user: { ...me.user, ...user } }),
  );
};
/** The logout requests the page sent (ending the old login). */
const logouts = () => requestsTo(server.requests, 'POST', paths.session.logout);

const handed = { access_token: 'access', session_token: 'session' };

function renderHandoff(data: unknown) {
  window.history.replaceState(null, '', `/?data=${compressToEncodedURIComponent(JSON.stringify(data))}`);
  takeHandoffParam();
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<HandoffPage />} />
        <Route path="/home" element={<p>home</p>} />
        <Route path="/login" element={<p>login</p>} />
      </Routes>
      <ConfirmDialogHost />
    </MemoryRouter>,
  );
}

afterEach(() => window.localStorage.clear());

test('a session the api confirms is stored (as the api describes it) and leads to /home', async () => {
  givenConfirmed({ id: 1, nik: '100001', name: 'Administrator' });
  renderHandoff(handed);
  expect(screen.getByRole('status')).toHaveTextContent('Mengalihkan');
  expect(await screen.findByText('home', undefined, { timeout: 3000 })).toBeInTheDocument();
  // Confirmed with the api: the handed session's own token and session.
  const [validate] = requestsTo(server.requests, 'POST', paths.session.validate);
  expect(validate?.headers.get('Authorization')).toBe('Bearer access');
  expect(await bodiesSentTo(server.requests, 'POST', paths.session.validate)).toEqual([
    { session_token: 'session' },
  ]);
  expect(readSession()).toMatchObject({ nik: '100001', access_token: 'access' });
});

test('a session the api refuses goes to /login and stores nothing', async () => {
  fakeServer.use(sessionScenarios.validateFails());
  renderHandoff(handed);
  expect(await screen.findByText('login')).toBeInTheDocument();
  expect(readSession()).toBeNull();
});

test('data without tokens never reaches the api', () => {
  renderHandoff({ nik: '100001' });
  expect(screen.getByText('login')).toBeInTheDocument();
  expect(server.requests).toEqual([]);
});

// Issue 36 (finding 13): a handoff that would replace a signed-in session asks first.
describe('a handoff while another account is signed in', () => {
  const signedIn = {
    id: 1,
    nik: '100001',
    name: 'Administrator',
    token: 'login-admin',
    access_token: 'access-admin',
    session_token: 'session-admin',
    app_id: 1,
    user_menu: [],
  } as unknown as Session;

  async function ask() {
    writeSession(signedIn);
    givenConfirmed({ id: 2, nik: '100002', name: 'Budi Santoso' });
    renderHandoff(handed);
    const dialog = await screen.findByRole('alertdialog', undefined, { timeout: 3000 });
    return dialog;
  }

  it('names both accounts; "Tetap sebagai" keeps the signed-in session and ends nothing', async () => {
    const user = userEvent.setup();
    const dialog = await ask();
    expect(within(dialog).getByRole('heading', { name: 'Ganti akun?' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Anda sedang masuk sebagai Administrator (NIK 100001)');
    expect(dialog).toHaveTextContent('Tautan ini akan memasukkan Anda sebagai Budi Santoso (NIK 100002)');
    await user.click(within(dialog).getByRole('button', { name: 'Tetap sebagai Administrator' }));
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(readSession()).toMatchObject({ nik: '100001', access_token: 'access-admin' });
    expect(logouts()).toEqual([]);
  });

  it('"Masuk sebagai" ends the old login (logout with its token) and stores the handed-over session', async () => {
    const user = userEvent.setup();
    const dialog = await ask();
    await user.click(within(dialog).getByRole('button', { name: 'Masuk sebagai Budi Santoso' }));
    expect(await screen.findByText('home')).toBeInTheDocument();
    await waitFor(() => expect(logouts()).toHaveLength(1));
    expect(logouts()[0]?.headers.get('Authorization')).toBe('Bearer login-admin');
    expect(readSession()).toMatchObject({ nik: '100002', access_token: 'access' });
  });

  it('the same account: no question; the old login ends and the new session is stored', async () => {
    writeSession(signedIn);
    givenConfirmed({ id: 1, nik: '100001', name: 'Administrator' });
    renderHandoff(handed);
    expect(await screen.findByText('home', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The old login (its session) is the one ended.
    await waitFor(() => expect(logouts()).toHaveLength(1));
    expect(await bodiesSentTo(server.requests, 'POST', paths.session.logout)).toEqual([
      expect.objectContaining({ session_token: 'session-admin' }),
    ]);
    expect(readSession()).toMatchObject({ access_token: 'access' });
  });
});
