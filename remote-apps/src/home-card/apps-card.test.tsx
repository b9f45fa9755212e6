import { screen } from '@testing-library/react';
import { ACCESS_LEVEL } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { api } from '@sso/shared/api';
import AppsCard from './apps-card';

// The card's query calls the api client: answer there (unknown calls fail the test).
jest.mock('@sso/shared/api', () => ({
  ...jest.requireActual<object>('@sso/shared/api'),
  api: { get: jest.fn() },
}));

beforeEach(() => signInAs(ACCESS_LEVEL.viewer));
afterEach(() => localStorage.clear());

it('AppsCard shows the number of applications and links to the list', async () => {
  jest.mocked(api.get).mockResolvedValue({ message: 'ok', data: [], meta: { total: 6 } });
  renderRoute(<AppsCard />);
  expect(await screen.findByText('6')).toBeInTheDocument();
  expect(screen.getByText('aplikasi terdaftar')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Buka App Management' })).toHaveAttribute(
    'href',
    '/app-management',
  );
});
