import { useState } from 'react';
import { toApiError } from '@sso/shared/api';
import { t } from '@sso/shared/i18n';
import { confirm, toast } from '@sso/shared/ui';

/**
 * Runs an api action and reports it: its success message as a toast, or the refusal's message
 * (403, 409, ...) as an error toast. Resolves whether it succeeded.
 */
export async function runAndToast(action: () => Promise<{ message: string }>): Promise<boolean> {
  try {
    toast.success((await action()).message);
    return true;
  } catch (error) {
    toast.error(toApiError(error).message);
    return false;
  }
}

/**
 * A delete the api would refuse (a record still in use) is not offered at all: a warning says why
 * and offers a way on (`confirmLabel`, e.g. "Lihat role"), run by `onConfirm`. Resolves false
 * (nothing was deleted).
 */
export async function refuseInUse(
  warning: { title: string; body: string; confirmLabel: string },
  onConfirm: () => void,
): Promise<false> {
  if (await confirm({ variant: 'warning', cancelLabel: t.common.close, ...warning })) onConfirm();
  return false;
}

export interface DeleteQuestion {
  /** e.g. `Hapus user "Budi"?` (spec 8). */
  title: string;
  body: string;
}

/**
 * Delete after the warning dialog (spec 8: Batal / Hapus). Success: the server's message as a toast
 * and `onDeleted` (clear the selection, close the drawer; the mutation reloads the list). Failure,
 * e.g. 409 for a role that still has members: the server's message. `run` resolves true when
 * something was deleted.
 */
export function useConfirmedDelete(onDeleted: () => void) {
  const [busy, setBusy] = useState(false);

  const run = async (question: DeleteQuestion, action: () => Promise<{ message: string }>) => {
    const confirmed = await confirm({
      variant: 'warning',
      confirmLabel: t.common.delete,
      cancelLabel: t.common.cancel,
      ...question,
    });
    if (!confirmed) return false;
    setBusy(true);
    try {
      const done = await runAndToast(action);
      if (done) onDeleted();
      return done;
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
