import * as v from 'valibot';

/**
 * The OTP resend cooldown of spec 4 and 9, as pure functions of a stored state and a clock.
 * Initial wait 60 s; resends 1 and 2 wait 300 s; resend 3 waits the window the server gave on an
 * error with code 6, else 60 s; after the count passes 3 it wraps to 0 (60 s again).
 */
export const INITIAL_WAIT_SECONDS = 60;
export const RESEND_WAIT_SECONDS = 300;
export const MAX_RESEND_COUNT = 3;

/** Stored in the browser so the countdown survives a reload. Times are unix milliseconds. */
export interface Cooldown {
  /** Resends done since the code was first sent (0–3). */
  count: number;
  /** When the resend button becomes available again. */
  expiresAt: number;
  /** The `window_seconds` of the last code-6 answer, if any. */
  windowSeconds: number | null;
}

const whole = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A stored cooldown as written by this module; anything else reads as absent. */
export const cooldownGuard = v.object({
  count: v.pipe(whole, v.maxValue(MAX_RESEND_COUNT)),
  expiresAt: v.pipe(v.number(), v.finite(), v.minValue(0)),
  windowSeconds: v.nullable(whole),
}) satisfies v.GenericSchema<unknown, Cooldown>;

export const isCooldown = (value: unknown): value is Cooldown => v.is(cooldownGuard, value);

/** Seconds to wait after reaching resend `count`. */
export function waitSecondsFor(count: number, windowSeconds: number | null): number {
  if (count <= 0) return INITIAL_WAIT_SECONDS;
  if (count < MAX_RESEND_COUNT) return RESEND_WAIT_SECONDS;
  return windowSeconds ?? INITIAL_WAIT_SECONDS;
}

/** The count after one more resend: 1, 2, 3, then back to 0. */
export function nextCount(count: number): number {
  return count + 1 > MAX_RESEND_COUNT ? 0 : count + 1;
}

/** The code was first sent (end of the flow's first step). */
export function startCooldown(now: number): Cooldown {
  return { count: 0, expiresAt: now + INITIAL_WAIT_SECONDS * 1000, windowSeconds: null };
}

/** A resend succeeded. */
export function afterResend(state: Cooldown | null, now: number): Cooldown {
  const windowSeconds = state?.windowSeconds ?? null;
  const count = nextCount(state?.count ?? 0);
  return { count, expiresAt: now + waitSecondsFor(count, windowSeconds) * 1000, windowSeconds };
}

/** The server refused a resend as too early (code 6): wait its window; the count does not move. */
export function afterRateLimit(state: Cooldown | null, windowSeconds: number, now: number): Cooldown {
  return { count: state?.count ?? 0, expiresAt: now + windowSeconds * 1000, windowSeconds };
}

/** Whole seconds left, 0 when the resend is available (or nothing is stored). */
export function remainingSeconds(state: Cooldown | null, now: number): number {
  if (!state) return 0;
  return Math.max(0, Math.ceil((state.expiresAt - now) / 1000));
}
