import { screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@sso/shared/api';
import { ACCESS_LEVEL, type AuditListResponse } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { useEvents } from '../audit-log/api/get-events';
import { createEvent, settled } from '../test-support/factories';
import RecentActivityCard, { eventLink } from './recent-activity-card';

jest.mock('../audit-log/api/get-events');

beforeEach(() => signInAs(ACCESS_LEVEL.viewer));
afterEach(() => localStorage.clear());

describe('RecentActivityCard', () => {
  it('asks for the last 5 events and links each into the log', () => {
    jest.mocked(useEvents).mockReturnValue(
      settled({
        data: [
          createEvent(),
          createEvent({ action: 'session.logout', target_type: null, target_id: null, actor_id: 4 }),
        ],
        meta: { total: 2 },
      }) as unknown as UseQueryResult<AuditListResponse>,
    );
    renderRoute(<RecentActivityCard />);
    expect(jest.mocked(useEvents).mock.lastCall?.[0]).toEqual({ page: 1, perPage: 5 });
    expect(
      screen.getByRole('link', { name: 'Mengubah user Rina Santoso (Role: Admin → Viewer)' }),
    ).toHaveAttribute('href', '/log-aktivitas?target_type=user&target_id=12');
    expect(screen.getByRole('link', { name: 'Keluar' })).toHaveAttribute('href', '/log-aktivitas?user=4');
    expect(screen.getByRole('link', { name: 'Buka Log Aktivitas' })).toHaveAttribute(
      'href',
      '/log-aktivitas',
    );
  });

  it('says so when there is nothing yet, and shows a failure inside the card', () => {
    jest
      .mocked(useEvents)
      .mockReturnValue(
        settled({ data: [], meta: { total: 0 } }) as unknown as UseQueryResult<AuditListResponse>,
      );
    renderRoute(<RecentActivityCard />);
    expect(screen.getByText('Belum ada aktivitas.')).toBeInTheDocument();

    jest.mocked(useEvents).mockReturnValue({
      data: undefined,
      isError: true,
      error: new ApiError('http', 'Anda tidak memiliki akses untuk tindakan ini', 403),
    } as unknown as UseQueryResult<AuditListResponse>);
    renderRoute(<RecentActivityCard />);
    expect(screen.getByRole('alert')).toHaveTextContent('Anda tidak memiliki akses untuk tindakan ini');
  });

  it('links a session event to its actor', () => {
    expect(
      eventLink(createEvent({ action: 'session.create', target_type: 'application', actor_id: 9 })),
    ).toBe('/log-aktivitas?user=9');
  });
});
