/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import { ACCESS_LEVEL } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { startFakeServer } from '@sso/shared/testing/fake-server';
import { roleScenarios } from '../test-support/role-scenarios';
import RolesCard from './roles-card';

startFakeServer(roleScenarios.list([], 14));

beforeEach(() => signInAs(ACCESS_LEVEL.viewer));
afterEach(() => localStorage.clear());

it('RolesCard shows the number of roles and links to the list', async () => {
  renderRoute(<RolesCard />);
  expect(await screen.findByText('14')).toBeInTheDocument();
  expect(screen.getByText('role terdaftar')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Buka Role Management' })).toHaveAttribute(
    'href',
    '/role-management',
  );
});
