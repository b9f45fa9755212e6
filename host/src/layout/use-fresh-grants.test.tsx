import { renderHook, waitFor } from '@testing-library/react';
import { api } from '@sso/shared/api';
import { ACCESS_LEVEL, PANEL_MENU } from '@sso/shared/contract';
import { accessOf, readSession } from '@sso/shared/session';
import { panelGrants, signInAs } from '@sso/shared/testing';
import { useFreshGrants } from './use-fresh-grants';

jest.mock('@sso/shared/api', () => ({ api: { get: jest.fn() } }));

const profile = (userMenu: unknown[]) => ({
  message: 'ok',
  data: {
    user: { id: 1, nik: '100002', name: 'Tester' },
    roles: [{ id: 3, name: 'Viewer', position: 3 }],
    user_menu: userMenu,
    user_unit: [],
  },
});

afterEach(() => localStorage.clear());

test('grants changed since the login replace the stored ones', async () => {
  signInAs(ACCESS_LEVEL.owner);
  jest.mocked(api.get).mockResolvedValue(profile(panelGrants(ACCESS_LEVEL.viewer)));
  renderHook(() => useFreshGrants());
  await waitFor(() => expect(accessOf(readSession(), PANEL_MENU.userList).level).toBe(ACCESS_LEVEL.viewer));
  expect(readSession()).toMatchObject({ role_name: 'Viewer', access_token: 'test-access-token' });
});

test('a role that no longer grants the panel ends the session', async () => {
  signInAs(ACCESS_LEVEL.owner);
  jest.mocked(api.get).mockResolvedValue(profile([]));
  renderHook(() => useFreshGrants());
  await waitFor(() => expect(readSession()).toBeNull());
});

test('a failed read changes nothing', async () => {
  signInAs(ACCESS_LEVEL.modifier);
  jest.mocked(api.get).mockRejectedValue(new Error('network'));
  renderHook(() => useFreshGrants());
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(accessOf(readSession(), PANEL_MENU.userList).level).toBe(ACCESS_LEVEL.modifier);
});
