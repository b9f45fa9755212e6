import {
  AUDIT_EXPORT_MAX_ROWS,
  auditSentence,
  auditListQuerySchema,
  auditPaths,
  auditResultLabel,
  type AuditEvent,
} from '@sso/shared/contract';
import type { AppContext } from '../context';
import { listOf } from '../http/reply';
import { action, route, routeTable } from '../http/route';
import { actorScopeOf, scopeFilter } from '../access/admin-scope';
import { eventsInSlices, listEvents, type AuditScope } from './audit-store';
import { csvLine, sendCsv } from './csv';

const HEADER = [
  'Waktu (UTC)',
  'NIK Pelaku',
  'Pelaku',
  'Aktivitas',
  'Kode Aktivitas',
  'Jenis Target',
  'ID Target',
  'Target',
  'Hasil',
  'Status HTTP',
  'Alasan',
  'Perubahan',
  'Alamat IP',
  'User Agent',
];

const changesText = (event: AuditEvent) =>
  event.changes.map((c) => `${c.field}: ${c.before ?? '-'} → ${c.after ?? '-'}`).join('; ');

const rowOf = (event: AuditEvent) =>
  csvLine([
    event.at,
    event.actor_nik,
    event.actor_name,
    auditSentence(event),
    event.action,
    event.target_type,
    event.target_id,
    event.target_label,
    auditResultLabel[event.result],
    event.status,
    event.reason,
    changesText(event),
    event.ip,
    event.user_agent,
  ]);

// Administration per company: a scoped reader sees their own events and those of their users.
const scopeOf = async (ctx: AppContext, actorId: number): Promise<AuditScope | null> => {
  const users = scopeFilter(ctx.store.admin, await actorScopeOf(ctx.store, actorId));
  return users ? { users, actorId } : null;
};

/** Log Aktivitas, read only: the list and its CSV export. No route writes or deletes an event. */
export const auditRoutes = routeTable([
  route({
    method: 'GET',
    path: auditPaths.list,
    access: action('listAudit'),
    query: auditListQuerySchema,
    handler: async ({ query, auth, reply }, ctx) => {
      const { data, total } = await listEvents(ctx.store, query, await scopeOf(ctx, auth.userId));
      void reply.header('cache-control', 'no-store');
      return listOf('Log aktivitas', data, total);
    },
  }),
  route({
    method: 'GET',
    path: auditPaths.export,
    access: action('listAudit'),
    query: auditListQuerySchema,
    handler: async ({ query, auth, reply }, ctx) => {
      const scope = await scopeOf(ctx, auth.userId);
      const slices = eventsInSlices(ctx.store, query, AUDIT_EXPORT_MAX_ROWS, 1000, scope);
      const day = new Date(ctx.clock()).toISOString().slice(0, 10);
      return sendCsv(
        reply,
        `log-aktivitas-${day}.csv`,
        HEADER,
        (async function* chunks() {
          for await (const slice of slices) yield slice.map(rowOf).join('');
        })(),
      );
    },
  }),
]);
