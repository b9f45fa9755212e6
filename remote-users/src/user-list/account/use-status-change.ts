import { useState } from 'react';
import { STATUS_REASON_MAX, type User } from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';
import { confirm, confirmWithInput } from '@sso/shared/ui';
import { runAndToast } from '@sso/shared/ui-data';
import { texts } from '../../texts';
import { useSetUserStatus } from './api/set-user-status';
import { useSetUsersStatusBulk } from './api/set-users-status-bulk';

type Target = Pick<User, 'id' | 'nama'>;

const askReason = (title: string, who?: string) =>
  confirmWithInput({
    variant: 'warning',
    title,
    body: who ? `${texts.bulkUsersLine(who)} ${texts.deactivateBody}.` : texts.deactivateBody,
    confirmLabel: texts.deactivate,
    cancelLabel: t.common.cancel,
    input: { label: texts.reasonLabel, maxLength: STATUS_REASON_MAX, placeholder: texts.reasonPlaceholder },
  });

/**
 * Deactivate (one user or the selected ones, asking what happens and an optional reason) and
 * activate again (asking first). Success: the api's message as a toast and `onChanged`; a refusal
 * (403 not covered, 409 oneself or the last owner): its message. Each resolves whether it changed.
 */
export function useStatusChange(onChanged: () => void = () => undefined) {
  const single = useSetUserStatus();
  const bulk = useSetUsersStatusBulk();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      const done = await runAndToast(action);
      if (done) onChanged();
      return done;
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    deactivateOne: async (user: Target) => {
      const reason = await askReason(texts.deactivateTitle(user.nama));
      if (reason === null) return false;
      return run(() => single.mutateAsync({ id: user.id, is_active: false, reason: reason || null }));
    },
    /** `users`: the selected users, named in the question (up to five and how many more). */
    deactivateMany: async (users: readonly Target[]) => {
      const ids = users.map((user) => user.id);
      const who = texts.namedUsers(
        users.map((user) => user.nama),
        ids.length,
      );
      const reason = await askReason(texts.deactivateManyTitle(ids.length), who);
      if (reason === null) return false;
      return run(() => bulk.mutateAsync({ ids, is_active: false, reason: reason || null }));
    },
    activateOne: async (user: Target) => {
      const ok = await confirm({
        variant: 'question',
        title: texts.activateTitle(user.nama),
        body: texts.activateBody,
        confirmLabel: texts.activate,
        cancelLabel: t.common.cancel,
      });
      if (!ok) return false;
      return run(() => single.mutateAsync({ id: user.id, is_active: true }));
    },
  };
}
