import type { FastifyRequest } from 'fastify';
import type { AuditResult } from '@sso/shared/contract';
import { recordEvent } from '../../audit/audit-store';
import type { AppContext } from '../../context';
import { stripFormatControls } from '../../http/format-controls';
import { userBasics } from '../accounts';

const actorOf = async (ctx: AppContext, id: number) => {
  const row = await userBasics(ctx.store.db, id);
  return { id, nik: row?.nik ?? null, name: row?.nama ?? null };
};

/**
 * One Log Aktivitas event of two-step verification (its sentence: AUDIT_ACTION in the contract).
 * Recorded by the routes themselves: one request can be several events (a recovery code used, and
 * the sign-in it completes). Never a code or a secret.
 */
export async function recordTwoStep(
  ctx: AppContext,
  request: FastifyRequest,
  event: {
    actorId: number;
    action: string;
    result: AuditResult;
    status: number;
    reason?: string | null;
    /** The user acted on, when another (an administrator's reset). */
    targetId?: number;
    label?: string | null;
    detail?: string;
  },
): Promise<void> {
  const target = event.targetId ?? event.actorId;
  try {
    const actor = await actorOf(ctx, event.actorId);
    const targetActor = target === event.actorId ? actor : await actorOf(ctx, target);
    await recordEvent(ctx.store.db, {
      at: ctx.clock(),
      actor,
      action: event.action,
      target: { type: 'user', id: String(target), label: targetActor.name },
      result: event.result,
      status: event.status,
      reason: event.reason ?? null,
      changes: event.detail ? [{ field: 'Verifikasi dua langkah', before: null, after: event.detail }] : [],
      ip: request.ip,
      userAgent: stripFormatControls(String(request.headers['user-agent'] ?? '')) || null,
    });
  } catch (error) {
    request.log.error({ err: error }, 'audit: two-step event not recorded');
  }
}
