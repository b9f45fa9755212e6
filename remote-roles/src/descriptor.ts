import type { RemoteDescriptor } from '@sso/shared/federation';
import { PANEL_ACTIONS } from '@sso/shared/access';
import { describeRoutes, rolesRoutes } from '@sso/shared/routes';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"): its routes and sidebar item
 * derived from its route table (`rolesRoutes`), and its Home card. Read by the build into
 * mf-manifest.json; imports no page code (see descriptor.test.ts).
 */
export const descriptor = {
  name: 'roles',
  ...describeRoutes(rolesRoutes),
  cards: [
    {
      id: 'roles-total',
      title: 'Total Role',
      module: './home-roles-card',
      requires: PANEL_ACTIONS.listRoles,
      order: 20,
    },
  ],
} satisfies RemoteDescriptor;
