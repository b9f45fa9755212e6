import type { AccountLock } from '@sso/shared/contract';
import { guessLimits } from '../../auth/throttle';
import type { AppContext } from '../../context';

/**
 * The sign-in lock of an account as the guessing throttle holds it (auth/throttle.ts): the
 * per-NIK and per-phone counters of wrong passwords and codes. This adapter is the one place that
 * reads and clears them for the lifecycle actions, so a change of the throttle changes only it.
 */

interface Identity {
  nik: string;
  phone: string;
}

interface CounterRow {
  hits: number;
  window_ends_at: number;
}

/** The account's own counters (not the address ones): by NIK and by phone. */
function accountLimits(ctx: AppContext, account: Identity) {
  const [byNik] = guessLimits(ctx.config, { nik: account.nik }, '');
  const [byPhone] = guessLimits(ctx.config, { phone: account.phone }, '');
  return [byNik, byPhone].filter((limit) => limit !== undefined);
}

/** When the account's sign-ins are refused until, and after how many failures; null when they are not. */
export function accountLock(ctx: AppContext, account: Identity): AccountLock | null {
  const now = ctx.clock();
  const read = ctx.db.prepare<[string], CounterRow>(
    'SELECT hits, window_ends_at FROM throttle WHERE key = ?',
  );
  let lock: { until: number; failures: number } | null = null;
  for (const limit of accountLimits(ctx, account)) {
    const row = read.get(limit.key);
    if (!row || row.window_ends_at <= now || row.hits < limit.max) continue;
    if (!lock || row.window_ends_at > lock.until) lock = { until: row.window_ends_at, failures: row.hits };
  }
  return lock && { until: new Date(lock.until).toISOString(), failures: lock.failures };
}

/** Clears the account's counters (its next sign-in is tried at once); how many were held. */
export function liftAccountLock(ctx: AppContext, account: Identity): number {
  const remove = ctx.db.prepare('DELETE FROM throttle WHERE key = ?');
  return accountLimits(ctx, account).reduce((sum, limit) => sum + remove.run(limit.key).changes, 0);
}
