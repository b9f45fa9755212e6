/** @jest-environment jest-fixed-jsdom */
import { testHomeCountCard } from '@sso/shared/testing/home-card';
import { roleScenarios } from '../test-support/role-scenarios';
import RolesCard from './roles-card';

testHomeCountCard({
  title: 'RolesCard shows the number of roles and links to the list',
  card: <RolesCard />,
  answers: [roleScenarios.list([], 14)],
  count: '14',
  noun: 'role terdaftar',
  link: { name: 'Buka Role Management', href: '/role-management' },
});
