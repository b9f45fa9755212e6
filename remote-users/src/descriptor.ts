import type { RemoteDescriptor } from '@sso/shared/federation';
import { PANEL_ACTIONS } from '@sso/shared/access';
import { describeRoutes, usersRoutes } from '@sso/shared/routes';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"): its routes and sidebar item
 * derived from its route table (`usersRoutes`), and its Home card. Read by the build into
 * mf-manifest.json; imports no page code (see descriptor.test.ts).
 */
export const descriptor = {
  name: 'users',
  ...describeRoutes(usersRoutes),
  cards: [
    {
      id: 'users-total',
      title: 'Total User',
      module: './home-users-card',
      requires: PANEL_ACTIONS.listUsers,
      order: 10,
    },
  ],
} satisfies RemoteDescriptor;
