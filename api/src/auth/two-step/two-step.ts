import type { TwoStepData } from '@sso/shared/contract';
import type { Clock } from '../../clock';
import type { Store } from '../../db/store';
import { createFactors, type Factors } from './factors';
import {
  createPendingSignIns,
  PENDING_TTL_SECONDS,
  type FirstStep,
  type PendingSignIns,
} from './pending-sign-in';
import { createSecretBox } from './secret-box';
import { createPasskeys, type Passkeys } from './passkeys';

/** How a user with factors can answer: their kinds, and recovery codes. */
export const methodsOf = (factors: readonly { kind: 'totp' | 'passkey' }[]) => {
  const methods: ('totp' | 'recovery' | 'passkey')[] = [];
  if (factors.some((f) => f.kind === 'totp')) methods.push('totp');
  if (factors.some((f) => f.kind === 'passkey')) methods.push('passkey');
  methods.push('recovery');
  return methods;
};

/** Two-step verification (ADR 0021): the factors of each user and the sign-ins waiting for one. */
export interface TwoStep {
  factors: Factors;
  passkeys: Passkeys;
  pending: PendingSignIns;
  /**
   * After a first step passed: null when the user signs in now (no factor, none required), else the
   * pending sign-in the client answers with a factor, or with a new one when the role requires it.
   */
  gate(userId: number, firstStep: FirstStep, appUrl: string): Promise<TwoStepData | null>;
}

export function createTwoStep(store: Store, clock: Clock, tokenSecret: string, panelUrl: string): TwoStep {
  const factors = createFactors(store, clock, createSecretBox(tokenSecret), tokenSecret);
  const pending = createPendingSignIns(store, clock);
  return {
    factors,
    passkeys: createPasskeys(store, clock, panelUrl),
    pending,
    async gate(userId, firstStep, appUrl) {
      const has = await factors.has(userId);
      if (!has && !(await factors.required(userId))) return null;
      const challenge = await pending.open(userId, has ? 'two_step' : 'two_step_enrol', firstStep, appUrl);
      return {
        two_step: {
          challenge,
          enrol: !has,
          methods: has ? methodsOf((await factors.status(userId)).factors) : [],
          expires_in: PENDING_TTL_SECONDS,
        },
      };
    },
  };
}
