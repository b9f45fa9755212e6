import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { guessLimits, knownDeviceLimits, secondProofLimits, type AccountIdentifier } from './throttle';

export interface SignInTryOptions<T> {
  /**
   * A success makes the browser (device cookie) and the address known to the account: sign-ins do;
   * a reset code proves the phone, not a sign-in.
   */
  remember: boolean;
  /**
   * What a password sign-in from an unknown browser does when its budget (the account's shared one
   * or its address's) is used up: instead of 429, a challenge answered by a code sent to the
   * registered phone (second-proof.ts). Codes have no second proof: they are one.
   */
  secondProof?: () => Promise<T>;
}

/**
 * One guess at an account (a password, a phone login code, a reset code) under the guessing limits
 * (ADR 0007). `account` is the account `identifier` names, when there is one.
 *
 * - From a browser that signed in to it before (its device cookie): that browser's own budget for
 *   the account, and nothing else: failures at its address or anywhere else never refuse it.
 * - From an address that signed in to it before: that address's own budget for the account, and
 *   the address's budget over all accounts.
 * - Otherwise: the budget every unknown browser shares for the account, and the address's.
 *
 * When an unknown browser's budget is used up, a password sign-in gets the second proof (if given)
 * instead of 429.
 */
export async function signInTry<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  identifier: AccountIdentifier,
  account: { id: number } | undefined,
  attempt: () => T | Promise<T>,
  options: SignInTryOptions<T>,
): Promise<T> {
  const ip = request.ip;
  const deviceId = ctx.devices.idOf(request);
  const knownDevice =
    account !== undefined && deviceId !== null && (await ctx.devices.isKnown(account.id, deviceId));
  const knownAddress = account !== undefined && (await ctx.knownAddresses.isKnown(account.id, ip));
  const limits =
    knownDevice && deviceId !== null && account
      ? knownDeviceLimits(ctx.config, account.id, deviceId)
      : guessLimits(ctx.config, identifier, ip, knownAddress ? account.id : undefined);
  const secondProof = !knownDevice ? options.secondProof : undefined;
  const proof = (answer: () => Promise<T>) =>
    ctx.throttle.run(secondProofLimits(ctx.config, ip, 'keep'), answer);
  if (secondProof && (await ctx.throttle.refuses(limits))) return proof(secondProof);
  let result: T;
  try {
    result = await ctx.throttle.run(limits, attempt);
  } catch (error) {
    // The budget was used up between the look above and the count (parallel tries, or another
    // instance's): the try is refused before it ran, and gets the second proof all the same.
    if (secondProof && error instanceof HttpError && error.statusCode === 429) return proof(secondProof);
    throw error;
  }
  if (options.remember && account) {
    await ctx.knownAddresses.remember(account.id, ip);
    await ctx.devices.remember(account.id, request, reply);
  }
  return result;
}
