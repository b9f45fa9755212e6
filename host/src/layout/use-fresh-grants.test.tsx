/** @jest-environment jest-fixed-jsdom */
import { renderHook, waitFor } from '@testing-library/react';
import { ACCESS_LEVEL, PANEL_MENU, type AccessLevel } from '@sso/shared/contract';
import { accessOf, readSession } from '@sso/shared/session';
import { panelMenus, signInAs } from '@sso/shared/testing';
import { createMeData, fakeServer, sessionScenarios, startFakeServer } from '@sso/shared/testing/fake-server';
import { useFreshGrants } from './use-fresh-grants';

const server = startFakeServer();
/** The profile api/me answers: a Viewer whose role grants the panel's menus at `level`. */
const profile = (level: AccessLevel | null) =>
  sessionScenarios.me(createMeData({ user_menu: panelMenus(level) }));

afterEach(() => localStorage.clear());

test('grants changed since the login replace the stored ones', async () => {
  signInAs(ACCESS_LEVEL.owner);
  fakeServer.use(profile(ACCESS_LEVEL.viewer));
  renderHook(() => useFreshGrants());
  await waitFor(() => expect(accessOf(readSession(), PANEL_MENU.userList).level).toBe(ACCESS_LEVEL.viewer));
  expect(readSession()).toMatchObject({ role_name: 'Viewer', access_token: 'test-access-token' });
});

test('a role that no longer grants the panel ends the session', async () => {
  signInAs(ACCESS_LEVEL.owner);
  fakeServer.use(profile(null));
  renderHook(() => useFreshGrants());
  await waitFor(() => expect(readSession()).toBeNull());
});

test('a failed read changes nothing', async () => {
  signInAs(ACCESS_LEVEL.modifier);
  fakeServer.use(sessionScenarios.meFails());
  renderHook(() => useFreshGrants());
  await waitFor(() => expect(server.requests).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(accessOf(readSession(), PANEL_MENU.userList).level).toBe(ACCESS_LEVEL.modifier);
});
