import { screen } from '@testing-library/react';
import { ACCESS_LEVEL, type UserListQuery } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { api } from '@sso/shared/api';
import UsersCard from './users-card';

// The card's query calls the api client: answer there (unknown calls fail the test).
jest.mock('@sso/shared/api', () => ({
  ...jest.requireActual<object>('@sso/shared/api'),
  api: { get: jest.fn() },
}));

beforeEach(() => signInAs(ACCESS_LEVEL.viewer));
afterEach(() => localStorage.clear());

describe('UsersCard', () => {
  it('shows the total and the users added in the last 7 days', async () => {
    jest.mocked(api.get).mockImplementation(async (_url, _parser, options) => ({
      message: 'ok',
      data: [],
      meta: { total: (options?.params as UserListQuery | undefined)?.created_from ? 3 : 1280 },
    }));
    renderRoute(<UsersCard />);
    expect(await screen.findByText('1.280')).toBeInTheDocument();
    expect(await screen.findByText('+3 ditambahkan dalam 7 hari terakhir')).toBeInTheDocument();
    const since = jest
      .mocked(api.get)
      .mock.calls.map(([, , options]) => (options?.params as UserListQuery | undefined)?.created_from)
      .find(Boolean);
    expect(Date.now() - Date.parse(String(since))).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    // Regression: with the list's cancelPrevious the second count cancelled the first ("Permintaan dibatalkan").
    expect(jest.mocked(api.get).mock.calls.every(([, , options]) => !options?.cancelPrevious)).toBe(true);
    expect(screen.getByRole('link', { name: 'Buka User Management' })).toHaveAttribute(
      'href',
      '/user-management',
    );
  });

  it('shows the failure inside the card', async () => {
    jest.mocked(api.get).mockRejectedValue(new Error('Network Error'));
    renderRoute(<UsersCard />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
