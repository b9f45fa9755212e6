import { useAction } from '../../shared/auth-action/use-action';
import { useNavigate } from '@sso/shared/navigation';
import { appPaths } from '@sso/shared/federation';
import { toast } from '@sso/shared/ui';
import { startCooldown } from '../../shared/otp/resend-cooldown';
import { findResetAccount } from './find-reset-account';
import { requestResetOtp } from './request-reset-otp';
import { resetCooldownStore, resetNikStore, resetOtpStore, resetPhoneStore } from '../reset-storage';

export interface StartedReset {
  nik: string;
  maskedPhone: string;
  /** The success message of each call (spec 7: shown as toasts), in order. */
  messages: [string, string];
}

/** Spec 4 "Forgot password", first step: the NIK gives the masked phone, then the code is requested. */
export async function startPasswordReset(nik: string): Promise<StartedReset> {
  const account = await findResetAccount(nik);
  const sent = await requestResetOtp(nik);
  return { nik, maskedPhone: account.data.masked_phone, messages: [account.message, sent.message] };
}

/** Stores nik and masked phone, starts the resend cooldown and goes to /validate-otp. */
export function useStartPasswordReset() {
  const navigate = useNavigate();
  return useAction({
    action: startPasswordReset,
    onSuccess: ({ nik, maskedPhone, messages }) => {
      resetNikStore.write(nik);
      resetPhoneStore.write(maskedPhone);
      resetOtpStore.clear();
      resetCooldownStore.write(startCooldown(Date.now()));
      for (const message of messages) toast.success(message);
      void navigate(appPaths.validateResetOtp);
    },
  });
}
