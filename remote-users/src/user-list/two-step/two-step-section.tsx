import { useId, useRef, useState } from 'react';
import type { User } from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';
import { Button, Spinner, TextField } from '@sso/shared/ui';
import { runAndToast } from '@sso/shared/ui-data';
import { toApiError } from '@sso/shared/api';
import styles from '../account/account.module.css';
import { exactTime } from '@sso/shared/i18n';
import { twoStepTexts } from './two-step-texts';
import { useResetUserTwoStep, useUserTwoStep } from './user-two-step-api';

/**
 * Detail User's two-step verification (issue 31), for whoever may edit this user: which factors
 * they have (never a secret) and "Reset verifikasi dua langkah" with a confirmation and an
 * optional reason. Nobody resets their own here (Keamanan Akun is theirs).
 */
export function TwoStepSection({ user, isSelf }: { user: User; isSelf: boolean }) {
  const status = useUserTwoStep(user.id, true);
  const [asking, setAsking] = useState(false);
  const heading = `two-step-${user.id}`;
  let body;
  if (status.isPending) {
    body = (
      <p className={styles.note}>
        <Spinner /> {twoStepTexts.loading}
      </p>
    );
  } else if (!status.data) {
    body = (
      <p className={styles.error} role="alert">
        {toApiError(status.error).message}
      </p>
    );
  } else {
    const { factors, recovery_codes_left: left, required } = status.data;
    body = (
      <>
        <p className={styles.note}>
          {factors.length > 0 ? twoStepTexts.active : twoStepTexts.inactive}
          {required ? ` · ${twoStepTexts.required}` : ''}
        </p>
        {factors.length > 0 ? (
          <ul className={styles.sessionList}>
            {factors.map((factor) => (
              <li key={factor.id} className={styles.session}>
                <div className={styles.sessionText}>
                  <strong>{factor.label}</strong>
                  <span>
                    {factor.kind === 'passkey' ? twoStepTexts.kindPasskey : twoStepTexts.kindTotp} ·{' '}
                    {twoStepTexts.addedAt(exactTime(factor.created_at))}
                    {factor.last_used_at ? ` · ${twoStepTexts.usedAt(exactTime(factor.last_used_at))}` : ''}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {factors.length > 0 ? <p className={styles.note}>{twoStepTexts.codesLeft(left)}</p> : null}
        {isSelf ? (
          <p className={styles.note}>{twoStepTexts.ownAccount}</p>
        ) : factors.length > 0 && asking ? (
          <ResetConfirmation user={user} onDone={() => setAsking(false)} />
        ) : factors.length > 0 ? (
          <div>
            <Button variant="danger" onClick={() => setAsking(true)}>
              {twoStepTexts.reset}
            </Button>
          </div>
        ) : null}
      </>
    );
  }
  return (
    <div className={styles.account}>
      <section className={styles.sessions} aria-labelledby={heading}>
        <h3 id={heading} className={styles.heading}>
          {twoStepTexts.title}
        </h3>
        {body}
      </section>
    </div>
  );
}

/**
 * The confirmation of a reset, in the drawer itself (a dialog over the drawer's own modal dialog
 * would fight it for focus): what it does, an optional reason, Batal and the reset.
 */
function ResetConfirmation({ user, onDone }: { user: User; onDone: () => void }) {
  const reset = useResetUserTwoStep();
  const reason = useRef<HTMLInputElement>(null);
  const titleId = useId();
  return (
    <div className={styles.confirmBox} role="group" aria-labelledby={titleId}>
      <strong id={titleId}>{twoStepTexts.resetTitle(user.nama)}</strong>
      <span>{twoStepTexts.resetBody}</span>
      <TextField
        ref={reason}
        name="reason"
        label={twoStepTexts.reasonLabel}
        placeholder={twoStepTexts.reasonPlaceholder}
        maxLength={500}
        autoFocus
      />
      <div className={styles.confirmActions}>
        <Button variant="secondary" onClick={onDone}>
          {t.common.cancel}
        </Button>
        <Button
          variant="danger"
          loading={reset.isPending}
          onClick={() =>
            void runAndToast(() =>
              reset.mutateAsync({ id: user.id, reason: reason.current?.value.trim() ?? '' }),
            ).then((done) => done && onDone())
          }
        >
          {twoStepTexts.reset}
        </Button>
      </div>
    </div>
  );
}
