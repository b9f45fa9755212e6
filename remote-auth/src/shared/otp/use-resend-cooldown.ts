import { useCallback, useEffect, useState } from 'react';
import type { localValue } from '@sso/shared/session';
import { formatCountdown } from '@sso/shared/i18n';
import { afterRateLimit, afterResend, remainingSeconds, type Cooldown } from './resend-cooldown';

export type CooldownStore = ReturnType<typeof localValue<Cooldown>>;

export interface ResendCooldown {
  /** Whole seconds left; the resend button is disabled while above zero. */
  remaining: number;
  /** `mm:ss` of `remaining`. */
  countdown: string;
  /** A resend succeeded: the next wait follows the schedule. */
  resent: () => void;
  /** The server answered code 6: wait its `window_seconds`. */
  rateLimited: (windowSeconds: number) => void;
}

/**
 * The stored cooldown of one flow, ticking once a second while it runs. Reading from storage on
 * mount is what makes the countdown survive a reload.
 */
export function useResendCooldown(store: CooldownStore, clock: () => number = Date.now): ResendCooldown {
  const [state, setState] = useState<Cooldown | null>(() => store.read());
  const [now, setNow] = useState(clock);
  const remaining = remainingSeconds(state, now);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(clock()), 1000);
    return () => clearInterval(timer);
  }, [running, clock]);

  const update = useCallback(
    (next: Cooldown) => {
      store.write(next);
      setState(next);
      setNow(clock());
    },
    [store, clock],
  );

  const resent = useCallback(() => update(afterResend(store.read(), clock())), [update, store, clock]);
  const rateLimited = useCallback(
    (windowSeconds: number) => update(afterRateLimit(store.read(), windowSeconds, clock())),
    [update, store, clock],
  );

  return { remaining, countdown: formatCountdown(remaining), resent, rateLimited };
}
