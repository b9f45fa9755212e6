import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { queryValidator, validate } from '../http/validate';
import { actorScopeOf, scopeFilter } from '../access/admin-scope';
import { authOf } from '../auth/guard';
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

/** Log Aktivitas, read only: the list and its CSV export. No route writes or deletes an event. */
export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const listQuery = queryValidator(auditListQuerySchema);
  // Administration per company: a scoped reader sees their own events and those of their users.
  const scopeOf = async (request: FastifyRequest): Promise<AuditScope | null> => {
    const actorId = authOf(request).userId;
    const users = scopeFilter(ctx.store.admin, await actorScopeOf(ctx.store, actorId));
    return users ? { users, actorId } : null;
  };
  app.get(auditPaths.list, async (request, reply) => {
    const params = listQuery(request.query, request.url);
    const { data, total } = await listEvents(ctx.store, params, await scopeOf(request));
    void reply.header('cache-control', 'no-store');
    return listOf('Log aktivitas', data, total);
  });

  app.get(auditPaths.export, async (request, reply) => {
    const params = validate(auditListQuerySchema, request.query);
    const slices = eventsInSlices(ctx.store, params, AUDIT_EXPORT_MAX_ROWS, 1000, await scopeOf(request));
    const day = new Date(ctx.clock()).toISOString().slice(0, 10);
    return sendCsv(
      reply,
      `log-aktivitas-${day}.csv`,
      HEADER,
      (async function* chunks() {
        for await (const slice of slices) yield slice.map(rowOf).join('');
      })(),
    );
  });
}
