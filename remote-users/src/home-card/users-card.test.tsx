/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import { ACCESS_LEVEL, paths } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { fakeServer, requestsTo, startFakeServer } from '@sso/shared/testing/fake-server';
import { userScenarios } from '../test-support/user-scenarios';
import UsersCard from './users-card';

const server = startFakeServer();

beforeEach(() => signInAs(ACCESS_LEVEL.viewer));
afterEach(() => localStorage.clear());

describe('UsersCard', () => {
  it('shows the total and the users added in the last 7 days', async () => {
    fakeServer.use(userScenarios.counts(1280, 3));
    renderRoute(<UsersCard />);
    expect(await screen.findByText('1.280')).toBeInTheDocument();
    expect(await screen.findByText('+3 ditambahkan dalam 7 hari terakhir')).toBeInTheDocument();
    const counts = requestsTo(server.requests, 'GET', paths.users.list);
    const since = counts.map((r) => new URL(r.url).searchParams.get('created_from')).find(Boolean);
    expect(Date.now() - Date.parse(String(since))).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    // Regression: with the list's cancelPrevious the second count cancelled the first ("Permintaan
    // dibatalkan"): both counts are shown above, and neither request was aborted.
    expect(counts).toHaveLength(2);
    expect(counts.every((r) => !r.signal.aborted)).toBe(true);
    expect(screen.getByRole('link', { name: 'Buka User Management' })).toHaveAttribute(
      'href',
      '/user-management',
    );
  });

  it('shows the failure inside the card', async () => {
    fakeServer.use(userScenarios.listFails(500, 'Server sedang bermasalah'));
    renderRoute(<UsersCard />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
