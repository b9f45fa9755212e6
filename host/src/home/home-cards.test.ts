import { ACCESS_LEVEL } from '@sso/shared/access';
import type { HomeCard, RemoteDescriptor } from '@sso/shared/federation';
import { panelGrants } from '@sso/shared/testing';
import type { RemoteView } from '../federation/remote-states';
import { placeCards } from './home-cards';

const card = (overrides: Partial<HomeCard>): HomeCard => ({
  id: 'card',
  title: 'Kartu',
  module: './card',
  requires: { menu: 'Daftar User', capability: 'view' },
  order: 10,
  ...overrides,
});
const descriptor = (name: string, cards: HomeCard[]): RemoteDescriptor => ({
  name,
  routes: [],
  nav: [],
  cards,
});
const entry = (name: string) => `http://localhost/${name}/mf-manifest.json`;

const states: RemoteView[] = [
  {
    name: 'users',
    entry: entry('users'),
    status: 'ready',
    descriptor: descriptor('users', [card({ id: 'users-total', title: 'Total User' })]),
  },
  {
    name: 'audit',
    entry: entry('audit'),
    status: 'stale',
    error: 'tidak dapat dihubungi',
    descriptor: descriptor('audit', [
      card({
        id: 'recent',
        title: 'Aktivitas Terbaru',
        order: 30,
        requires: { menu: 'Log Aktivitas', capability: 'view' },
      }),
    ]),
  },
  {
    name: 'roles',
    entry: entry('roles'),
    status: 'pending',
    descriptor: descriptor('roles', [
      card({
        id: 'roles-total',
        title: 'Total Role',
        order: 20,
        requires: { menu: 'Daftar Role', capability: 'view' },
      }),
    ]),
  },
  { name: 'gone', entry: entry('gone'), status: 'failed', error: 'tidak kompatibel' },
];

/** Grants of a viewer of User Management only. */
const usersOnly = [
  {
    apps_id: 1,
    menus: [
      {
        key: 'User Management',
        name: 'User Management',
        acces_level: 3,
        children: [{ key: 'Daftar User', name: 'Daftar User', acces_level: 3 }],
      },
    ],
  },
];

describe('placeCards', () => {
  it('orders the cards the grants allow, with each remote state', () => {
    expect(placeCards(states, panelGrants(ACCESS_LEVEL.viewer)).map((p) => [p.key, p.status])).toEqual([
      ['users/users-total', 'ready'],
      ['roles/roles-total', 'pending'],
      ['audit/recent', 'stale'],
    ]);
  });

  it('leaves out a card above the grants and every card without a panel grant', () => {
    expect(placeCards(states, usersOnly).map((p) => p.key)).toEqual(['users/users-total']);
    expect(placeCards(states, [])).toEqual([]);
  });

  it('shows a card without `requires` to everyone signed in (Aplikasi Anda)', () => {
    const forAll: RemoteView = {
      name: 'apps',
      entry: entry('apps'),
      status: 'ready',
      descriptor: descriptor('apps', [
        { id: 'your-apps', title: 'Aplikasi Anda', module: './mine', order: 5 },
      ]),
    };
    expect(placeCards([forAll, ...states], usersOnly).map((p) => p.key)).toEqual([
      'apps/your-apps',
      'users/users-total',
    ]);
  });

  it('takes a remote without cards (an older descriptor) as none', () => {
    const old: RemoteView = {
      name: 'x',
      entry: entry('x'),
      status: 'ready',
      descriptor: { name: 'x', routes: [], nav: [] },
    };
    expect(placeCards([old], panelGrants(ACCESS_LEVEL.owner))).toEqual([]);
  });
});
