/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import { ACCESS_LEVEL } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { startFakeServer } from '@sso/shared/testing/fake-server';
import { appScenarios } from '../test-support/app-scenarios';
import AppsCard from './apps-card';

startFakeServer(appScenarios.list([], 6));

beforeEach(() => signInAs(ACCESS_LEVEL.viewer));
afterEach(() => localStorage.clear());

it('AppsCard shows the number of applications and links to the list', async () => {
  renderRoute(<AppsCard />);
  expect(await screen.findByText('6')).toBeInTheDocument();
  expect(screen.getByText('aplikasi terdaftar')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Buka App Management' })).toHaveAttribute(
    'href',
    '/app-management',
  );
});
