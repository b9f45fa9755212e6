import type { RemoteDescriptor } from '@sso/shared/federation';
import { PANEL_ACTIONS } from '@sso/shared/access';
import { appsRoutes, describeRoutes } from '@sso/shared/routes';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"): its routes and sidebar item
 * derived from its route table (`appsRoutes`; the host has no page of its own at these paths), and
 * its Home cards. Read by the build into mf-manifest.json; imports no page code (see descriptor.test.ts).
 */
export const descriptor = {
  name: 'apps',
  ...describeRoutes(appsRoutes),
  cards: [
    // For everyone signed in (no `requires`): the applications one's own role grants.
    {
      id: 'your-apps',
      title: 'Aplikasi Anda',
      module: './home-your-apps-card',
      order: 5,
      size: 'wide',
    },
    {
      id: 'apps-total',
      title: 'Aplikasi',
      module: './home-apps-card',
      requires: PANEL_ACTIONS.listApps,
      order: 25,
    },
  ],
} satisfies RemoteDescriptor;
