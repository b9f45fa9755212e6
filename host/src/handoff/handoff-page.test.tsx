import { render, screen } from '@testing-library/react';
import { compressToEncodedURIComponent } from 'lz-string';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError, confirmHandedOverSession } from '@sso/shared/api';
import { readSession } from '@sso/shared/session';
import { HandoffPage } from './handoff-page';
import { takeHandoffParam } from './take-handoff-param';

jest.mock('@sso/shared/api', () => ({
  ...jest.requireActual('@sso/shared/api'),
  confirmHandedOverSession: jest.fn(),
}));

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
    </MemoryRouter>,
  );
}

afterEach(() => {
  window.localStorage.clear();
  jest.mocked(confirmHandedOverSession).mockReset();
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
