import { useState } from 'react';
import { useAction } from '../auth-action/use-action';
import { toApiError } from '@sso/shared/api';
import { toast } from '@sso/shared/ui';
import { rateLimitWindow } from '../auth-errors/otp-errors';
import { useResendCooldown, type CooldownStore, type ResendCooldown } from './use-resend-cooldown';

export interface OtpResend extends ResendCooldown {
  resend: () => void;
  resending: boolean;
  /** Why the last resend failed (a code-6 answer shows the server's message). */
  error: string | null;
}

/**
 * The resend button's behaviour (spec 4 and 8): a successful resend shows the server's message and
 * starts the next wait of the schedule; a code-6 answer shows its message and waits its window.
 */
export function useOtpResend(send: () => Promise<{ message: string }>, store: CooldownStore): OtpResend {
  const cooldown = useResendCooldown(store);
  const [error, setError] = useState<string | null>(null);
  const mutation = useAction<undefined, { message: string }>({
    action: send,
    onSuccess: (response) => {
      cooldown.resent();
      toast.success(response.message);
    },
    onError: (failure) => {
      const wait = rateLimitWindow(failure);
      if (wait !== null) cooldown.rateLimited(wait);
      setError(toApiError(failure).message);
    },
  });
  return {
    ...cooldown,
    resend: () => {
      if (mutation.isPending || cooldown.remaining > 0) return;
      setError(null);
      mutation.mutate(undefined);
    },
    resending: mutation.isPending,
    error,
  };
}
