import { screen } from '@testing-library/react';
import { ACCESS_LEVEL } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { api } from '@sso/shared/api';
import RolesCard from './roles-card';

// The card's query calls the api client: answer there (unknown calls fail the test).
jest.mock('@sso/shared/api', () => ({
  ...jest.requireActual<object>('@sso/shared/api'),
  api: { get: jest.fn() },
}));

beforeEach(() => signInAs(ACCESS_LEVEL.viewer));
afterEach(() => localStorage.clear());

it('RolesCard shows the number of roles and links to the list', async () => {
  jest.mocked(api.get).mockResolvedValue({ message: 'ok', data: [], meta: { total: 14 } });
  renderRoute(<RolesCard />);
  expect(await screen.findByText('14')).toBeInTheDocument();
  expect(screen.getByText('role terdaftar')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Buka Role Management' })).toHaveAttribute(
    'href',
    '/role-management',
  );
});
