import type { AuditEvent } from '@sso/shared/contract';

/** Test data factories with overrides (STYLE "Tests"). */

let sequence = 0;

export function createEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  sequence += 1;
  return {
    id: sequence,
    at: '2026-11-25T09:00:00.000Z',
    actor_id: 1,
    actor_nik: '100001',
    actor_name: 'Administrator',
    action: 'user.update',
    target_type: 'user',
    target_id: '12',
    target_label: 'Rina Santoso',
    result: 'done',
    status: 200,
    reason: null,
    changes: [{ field: 'Role', before: 'Admin', after: 'Viewer' }],
    ip: '10.0.0.8',
    user_agent: 'Mozilla/5.0',
    ...overrides,
  };
}
