import type { FastifyInstance } from 'fastify';
import { DEV_OUTBOX_PATH, outboxQuerySchema, type OutboxEntry } from '@sso/shared/contract';
import type { AppContext } from '../context';
import { isoAt } from '../http/reply';
import { validate } from '../http/validate';

interface OutboxRow {
  to_target: string;
  code: string;
  purpose: string;
  created_at: number;
}

const purposeOf = (value: string): OutboxEntry['purpose'] => (value === 'reset' ? 'reset' : 'login');

/** GET /__dev/outbox[?to=]: codes "sent", newest first. Registered only outside production. */
export function registerOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(DEV_OUTBOX_PATH, async (request): Promise<OutboxEntry[]> => {
    const { to } = validate(outboxQuerySchema, request.query);
    const where = to ? 'WHERE to_target = ?' : '';
    const rows = ctx.db
      .prepare<string[], OutboxRow>(
        `SELECT to_target, code, purpose, created_at FROM outbox ${where} ORDER BY id DESC LIMIT 200`,
      )
      .all(...(to ? [to] : []));
    return rows.map((row) => ({
      to: row.to_target,
      code: row.code,
      purpose: purposeOf(row.purpose),
      created_at: isoAt(row.created_at),
    }));
  });
}
