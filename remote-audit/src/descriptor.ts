import type { RemoteDescriptor } from '@sso/shared/federation';
import { PANEL_ACTIONS } from '@sso/shared/access';
import { auditRoutes, describeRoutes } from '@sso/shared/routes';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"): Log Aktivitas (its route and
 * sidebar item derived from `auditRoutes`) and Home's "Aktivitas Terbaru" card. Read by the build into
 * mf-manifest.json; imports no page code (see descriptor.test.ts).
 */
export const descriptor = {
  name: 'audit',
  ...describeRoutes(auditRoutes),
  cards: [
    {
      id: 'recent-activity',
      title: 'Aktivitas Terbaru',
      module: './home-recent-activity',
      requires: PANEL_ACTIONS.listAudit,
      order: 30,
      size: 'wide',
    },
  ],
} satisfies RemoteDescriptor;
