import { z } from 'zod';
import { OTP_LENGTH, otpInputSchema } from '@sso/shared/contract';
import { emptyOtp, otpCode } from '@sso/shared/ui';

/**
 * The OTP step's one field: the six boxes, checked as the code the api takes (the contract's
 * `otpInputSchema`, digits only; the page sends the code as typed). An empty code passes: spec 5 sends it (as 0 on the phone flow, ''
 * on the reset flow) and the api answers "Kode OTP tidak boleh kosong".
 */
export const otpFormSchema = z.object({
  code: z.array(z.string()).superRefine((boxes, ctx) => {
    const read = otpInputSchema.safeParse(otpCode(boxes));
    if (!read.success) ctx.addIssue({ code: 'custom', message: read.error.issues[0]?.message });
  }),
});
export type OtpFormValues = z.input<typeof otpFormSchema>;

export const emptyOtpForm = (): OtpFormValues => ({ code: emptyOtp(OTP_LENGTH) });
