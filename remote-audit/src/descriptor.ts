import type { RemoteDescriptor } from '@sso/shared/federation';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"): Log Aktivitas and Home's
 * "Aktivitas Terbaru" card. Read by the build into mf-manifest.json; imports no page code (see
 * descriptor.test.ts). The menu is the access model's `PANEL_MENU.audit`; the test checks they agree.
 */
export const descriptor = {
  name: 'audit',
  routes: [
    {
      path: '/log-aktivitas',
      access: 'protected',
      requires: { menu: 'Log Aktivitas', capability: 'view' },
      module: './audit-log',
    },
  ],
  nav: [{ label: 'Log Aktivitas', icon: 'audit', path: '/log-aktivitas', order: 45, menu: 'Log Aktivitas' }],
  cards: [
    {
      id: 'recent-activity',
      title: 'Aktivitas Terbaru',
      module: './home-recent-activity',
      requires: { menu: 'Log Aktivitas', capability: 'view' },
      order: 30,
      size: 'wide',
    },
  ],
} satisfies RemoteDescriptor;
