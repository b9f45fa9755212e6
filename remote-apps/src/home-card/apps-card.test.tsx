/** @jest-environment jest-fixed-jsdom */
import { testHomeCountCard } from '@sso/shared/testing/home-card';
import { appScenarios } from '../test-support/app-scenarios';
import AppsCard from './apps-card';

testHomeCountCard({
  title: 'AppsCard shows the number of applications and links to the list',
  card: <AppsCard />,
  answers: [appScenarios.list([], 6)],
  count: '6',
  noun: 'aplikasi terdaftar',
  link: { name: 'Buka App Management', href: '/app-management' },
});
