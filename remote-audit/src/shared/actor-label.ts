import type { AuditEvent } from '@sso/shared/contract';
import { auditText } from '../texts';

/** Who did it: "Rina Santoso (NIK 100004)", or the NIK typed at a failed sign-in. */
export function actorLabel(event: Pick<AuditEvent, 'actor_name' | 'actor_nik'>): string {
  if (event.actor_name && event.actor_nik) return `${event.actor_name} (NIK ${event.actor_nik})`;
  if (event.actor_nik) return `NIK ${event.actor_nik}`;
  return event.actor_name ?? auditText.unknownActor;
}
