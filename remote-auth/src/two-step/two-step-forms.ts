import type { z } from 'zod';
import { twoStepCodeProblem, twoStepVerifyPayloadSchema, type TwoStepMethod } from '@sso/shared/contract';

/**
 * The second step's code as the api takes it (`twoStepVerifyPayloadSchema`: trimmed, "Kode tidak
 * boleh kosong", at most 32 characters), then in the format of its method (6 digits, or a recovery
 * code of 10 letters and digits), so a mistyped code is named before it is sent. Built from the
 * contract's schema alone: importing zod here would bundle a second copy of it into this remote
 * (the contract's, with zod inside, is shared from the host).
 */
export function twoStepCodeFormSchema(method: TwoStepMethod) {
  return twoStepVerifyPayloadSchema.pick({ code: true }).superRefine(({ code }, ctx) => {
    const problem = twoStepCodeProblem(method, code);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['code'] });
  });
}
export type TwoStepCodeFormValues = z.input<ReturnType<typeof twoStepCodeFormSchema>>;
export type TwoStepCodeFormOutput = z.output<ReturnType<typeof twoStepCodeFormSchema>>;
