import type { AuditChange } from '@sso/shared/contract';
import type { Q } from '../db/store';

/** What an event says of a record: a label for the list and its fields, as text, for before → after. */
export interface TargetSnapshot {
  label: string;
  fields: Readonly<Record<string, string | null>>;
  /** A user's open logins, one line each, for the actions that end them (not a field: see sessionsEnded). */
  sessions?: readonly string[];
}

/** Reads one record of a target type (null: there is none). Never returns a password or a token. */
export type TargetDescriber = (q: Q, id: number) => Promise<TargetSnapshot | null>;

/** A kind of record an admin write names (user, role, application) and how to read one. */
export interface AuditTarget {
  readonly type: string;
  readonly describe: TargetDescriber;
}

/** What a request of a route names: its path parameters and parsed body. */
export interface AdminRequestShape {
  params: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

/** The fields that differ between two snapshots (a missing side is null: created or deleted). */
export function changesBetween(before: TargetSnapshot | null, after: TargetSnapshot | null): AuditChange[] {
  const fields = new Set([...Object.keys(before?.fields ?? {}), ...Object.keys(after?.fields ?? {})]);
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const from = before?.fields[field] ?? null;
    const to = after?.fields[field] ?? null;
    if (from !== to) changes.push({ field, before: from, after: to });
  }
  return changes;
}

/** The logins open before and not after, as one change: "2 sesi: SSO Admin Panel · Chrome di Linux · …". */
export function sessionsEnded(before: TargetSnapshot | null, after: TargetSnapshot | null): AuditChange[] {
  if (!before?.sessions) return [];
  const still = new Set(after?.sessions ?? []);
  const ended = before.sessions.filter((line) => !still.has(line));
  if (ended.length === 0) return [];
  return [{ field: SESSIONS_ENDED_FIELD, before: null, after: `${ended.length} sesi: ${ended.join('; ')}` }];
}

/** The field of the sessions an action ended, and of the reason an administrator typed. */
export const SESSIONS_ENDED_FIELD = 'Sesi diakhiri';
export const REASON_FIELD = 'Alasan';
