/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import { ACCESS_LEVEL, auditPaths } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { fakeServer, lastQueryTo, startFakeServer } from '@sso/shared/testing/fake-server';
import { auditScenarios } from '../test-support/audit-scenarios';
import { createEvent } from '../test-support/factories';
import RecentActivityCard, { eventLink } from './recent-activity-card';

const server = startFakeServer();

beforeEach(() => signInAs(ACCESS_LEVEL.viewer));
afterEach(() => localStorage.clear());

describe('RecentActivityCard', () => {
  it('asks for the last 5 events and links each into the log', async () => {
    fakeServer.use(
      auditScenarios.list([
        createEvent(),
        createEvent({ action: 'session.logout', target_type: null, target_id: null, actor_id: 4 }),
      ]),
    );
    renderRoute(<RecentActivityCard />);
    expect(
      await screen.findByRole('link', { name: 'Mengubah user Rina Santoso (Role: Admin → Viewer)' }),
    ).toHaveAttribute('href', '/log-aktivitas?target_type=user&target_id=12');
    expect(lastQueryTo(server.requests, auditPaths.list)).toEqual({ page: '1', perPage: '5' });
    expect(screen.getByRole('link', { name: 'Keluar' })).toHaveAttribute('href', '/log-aktivitas?user=4');
    expect(screen.getByRole('link', { name: 'Buka Log Aktivitas' })).toHaveAttribute(
      'href',
      '/log-aktivitas',
    );
  });

  it('says so when there is nothing yet, and shows a failure inside the card', async () => {
    fakeServer.use(auditScenarios.list([]));
    const empty = renderRoute(<RecentActivityCard />);
    expect(await screen.findByText('Belum ada aktivitas.')).toBeInTheDocument();
    empty.unmount();

    fakeServer.use(auditScenarios.listFails(403, 'Anda tidak memiliki akses untuk tindakan ini'));
    renderRoute(<RecentActivityCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Anda tidak memiliki akses untuk tindakan ini',
    );
  });

  it('links a session event to its actor', () => {
    expect(
      eventLink(createEvent({ action: 'session.create', target_type: 'application', actor_id: 9 })),
    ).toBe('/log-aktivitas?user=9');
  });
});
