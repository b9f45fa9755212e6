import type { AppContext } from '../context';
import { guessLimits, type AccountIdentifier } from './throttle';

/**
 * One guess at an account (a password, a phone login code, a reset code) from `ip`, under the
 * guessing limits. `account` is the account `identifier` names, when there is one: from an address
 * that signed in to it before, the try counts against that address's own budget for the account,
 * not the one every other address shares (ADR 0007). `remember`: a success makes `ip` known to the
 * account (sign-ins do; a reset code proves the phone, not a sign-in).
 */
export async function signInTry<T>(
  ctx: AppContext,
  ip: string,
  identifier: AccountIdentifier,
  account: { id: number } | undefined,
  attempt: () => T | Promise<T>,
  remember: boolean,
): Promise<T> {
  const known = account !== undefined && ctx.knownAddresses.isKnown(account.id, ip);
  const result = await ctx.throttle.run(
    guessLimits(ctx.config, identifier, ip, known ? account.id : undefined),
    attempt,
  );
  if (remember && account) ctx.knownAddresses.remember(account.id, ip);
  return result;
}
