import { z } from 'zod';
import { twoStepCodeProblem, twoStepVerifyPayloadSchema, type TwoStepMethod } from '@sso/shared/contract';

/**
 * The second step's code as the api takes it (`twoStepVerifyPayloadSchema`: trimmed, "Kode tidak
 * boleh kosong", at most 32 characters), then in the format of its method (6 digits, or a recovery
 * code of 10 letters and digits), so a mistyped code is named before it is sent.
 */
export function twoStepCodeFormSchema(method: TwoStepMethod) {
  return z.object({
    code: twoStepVerifyPayloadSchema.shape.code.superRefine((code, ctx) => {
      const problem = twoStepCodeProblem(method, code);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}
export type TwoStepCodeFormValues = z.input<ReturnType<typeof twoStepCodeFormSchema>>;
export type TwoStepCodeFormOutput = z.output<ReturnType<typeof twoStepCodeFormSchema>>;
