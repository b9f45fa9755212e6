import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compressToEncodedURIComponent } from 'lz-string';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError, confirmHandedOverSession } from '@sso/shared/api';
import { readSession, writeSession, type Session } from '@sso/shared/session';
import { ConfirmDialogHost } from '@sso/shared/ui';
import { requestLogout } from '../layout/logout-request';
import { HandoffPage } from './handoff-page';
import { takeHandoffParam } from './take-handoff-param';

jest.mock('@sso/shared/api', () => ({
  ...jest.requireActual('@sso/shared/api'),
  confirmHandedOverSession: jest.fn(),
}));
jest.mock('../layout/logout-request', () => ({ requestLogout: jest.fn() }));

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

afterEach(() => {
  window.localStorage.clear();
  jest.mocked(confirmHandedOverSession).mockReset();
  jest.mocked(requestLogout).mockReset();
});

test('a session the api confirms is stored (as the api describes it) and leads to /home', async () => {
  jest
    .mocked(confirmHandedOverSession)
    .mockResolvedValue({ ...handed, app_id: 1, nik: '100001', user_menu: [] });
  renderHandoff(handed);
  expect(screen.getByRole('status')).toHaveTextContent('Mengalihkan');
  expect(await screen.findByText('home', undefined, { timeout: 3000 })).toBeInTheDocument();
  expect(confirmHandedOverSession).toHaveBeenCalledWith(expect.objectContaining(handed));
  expect(readSession()).toMatchObject({ nik: '100001', access_token: 'access' });
});

test('a session the api refuses goes to /login and stores nothing', async () => {
  jest.mocked(confirmHandedOverSession).mockRejectedValue(new ApiError('http', 'Sesi tidak valid', 401));
  renderHandoff(handed);
  expect(await screen.findByText('login')).toBeInTheDocument();
  expect(readSession()).toBeNull();
});

test('data without tokens never reaches the api', () => {
  renderHandoff({ nik: '100001' });
  expect(screen.getByText('login')).toBeInTheDocument();
  expect(confirmHandedOverSession).not.toHaveBeenCalled();
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
  const other = { ...handed, id: 2, nik: '100002', name: 'Budi Santoso', app_id: 1, user_menu: [] };

  async function ask() {
    writeSession(signedIn);
    jest.mocked(confirmHandedOverSession).mockResolvedValue(other as unknown as Session);
    jest.mocked(requestLogout).mockResolvedValue('Logout berhasil');
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
    expect(requestLogout).not.toHaveBeenCalled();
  });

  it('"Masuk sebagai" ends the old login (logout with its token) and stores the handed-over session', async () => {
    const user = userEvent.setup();
    const dialog = await ask();
    await user.click(within(dialog).getByRole('button', { name: 'Masuk sebagai Budi Santoso' }));
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(requestLogout).toHaveBeenCalledWith(expect.objectContaining({ token: 'login-admin' }));
    expect(readSession()).toMatchObject({ nik: '100002', access_token: 'access' });
  });

  it('the same account: no question; the old login ends and the new session is stored', async () => {
    writeSession(signedIn);
    jest.mocked(confirmHandedOverSession).mockResolvedValue({
      ...handed,
      id: 1,
      nik: '100001',
      name: 'Administrator',
      app_id: 1,
      user_menu: [],
    } as unknown as Session);
    jest.mocked(requestLogout).mockResolvedValue('Logout berhasil');
    renderHandoff(handed);
    expect(await screen.findByText('home', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requestLogout).toHaveBeenCalledWith(expect.objectContaining({ access_token: 'access-admin' }));
    expect(readSession()).toMatchObject({ access_token: 'access' });
  });
});
