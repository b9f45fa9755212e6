import type { UseQueryResult } from '@tanstack/react-query';
import { toApiError } from '@sso/shared/api';
import type { User, UserAccount, UserSession } from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';
import { Button, Spinner, confirm, toast } from '@sso/shared/ui';
import styles from './account.module.css';
import { texts } from '../texts';
import { useEndUserSession } from './api/end-user-session';
import { useEndUserSessions } from './api/end-user-sessions';
import { useLiftUserLock } from './api/lift-user-lock';
import { LastSignIn, TimeAgo } from './last-sign-in';
import { StatusChip } from './status-chip';
import { clockTime, exactTime } from './time-text';

export interface AccountSectionProps {
  user: User;
  /** The account as an editor of users reads it; left out for others (status and last sign-in of the row). */
  account?: UseQueryResult<UserAccount>;
  /** The signed-in administrator's own account: nothing to end or lift from here. */
  isSelf: boolean;
}

/** The drawer's account part: status (who, when, why), last sign-in, sign-in lock, open sessions. */
export function AccountSection({ user, account, isSelf }: AccountSectionProps) {
  const data = account?.data;
  return (
    <section className={styles.section} aria-label={texts.fieldStatus}>
      <dl className={styles.facts}>
        <dt>{texts.fieldStatus}</dt>
        <dd>
          <StatusChip active={data?.is_active ?? user.is_active} />
          {data ? <StatusChange account={data} /> : null}
        </dd>
        <dt>{texts.lastSignIn}</dt>
        <dd>
          <LastSignIn iso={data ? data.last_login_at : user.last_login_at} />
        </dd>
      </dl>
      {account?.isPending ? (
        <p className={styles.note}>
          <Spinner /> {texts.accountLoading}
        </p>
      ) : account?.isError ? (
        <p className={styles.error} role="alert">
          {texts.accountFailed}: {toApiError(account.error).message}
        </p>
      ) : null}
      {data?.lock ? <LockLine userId={user.id} lock={data.lock} /> : null}
      {data ? <Sessions user={user} sessions={data.sessions} isSelf={isSelf} /> : null}
    </section>
  );
}

function StatusChange({ account }: { account: UserAccount }) {
  const when = account.status_changed_at;
  if (!when) return null;
  const at = exactTime(when);
  const by = account.status_changed_by?.nama;
  const line = account.is_active
    ? by
      ? texts.activatedBy(by, at)
      : texts.activatedAt(at)
    : by
      ? texts.deactivatedBy(by, at)
      : texts.deactivatedAt(at);
  return (
    <>
      <span className={styles.change}>{line}</span>
      {account.status_reason ? (
        <span className={styles.reason}>{texts.reason(account.status_reason)}</span>
      ) : null}
    </>
  );
}

/** Runs an action, shows its message or its refusal. */
async function report(action: () => Promise<{ message: string }>) {
  try {
    toast.success((await action()).message);
  } catch (error) {
    toast.error(toApiError(error).message);
  }
}

function LockLine({ userId, lock }: { userId: number; lock: NonNullable<UserAccount['lock']> }) {
  const lift = useLiftUserLock();
  return (
    <div className={styles.lock} role="status">
      <span>{texts.lockedUntil(clockTime(lock.until), lock.failures)}</span>
      <Button
        variant="secondary"
        loading={lift.isPending}
        onClick={() => void report(() => lift.mutateAsync(userId))}
      >
        {texts.unlock}
      </Button>
    </div>
  );
}

function Sessions({ user, sessions, isSelf }: { user: User; sessions: UserSession[]; isSelf: boolean }) {
  const endOne = useEndUserSession();
  const endAll = useEndUserSessions();
  const endEverything = async () => {
    const ok = await confirm({
      variant: 'warning',
      title: texts.endAllTitle(user.nama),
      body: texts.endAllBody,
      confirmLabel: texts.endAllSessions,
      cancelLabel: t.common.cancel,
    });
    if (ok) await report(() => endAll.mutateAsync(user.id));
  };
  return (
    <section className={styles.sessions} aria-labelledby={`sessions-${user.id}`}>
      <h3 id={`sessions-${user.id}`} className={styles.heading}>
        {texts.sessionsTitle} ({sessions.length})
      </h3>
      {isSelf ? <p className={styles.note}>{texts.ownAccount}</p> : null}
      {sessions.length === 0 ? (
        <p className={styles.note}>{texts.noSessions}</p>
      ) : (
        <ul className={styles.sessionList}>
          {sessions.map((session) => {
            const what = `${session.application} · ${session.browser ?? texts.unknownBrowser}`;
            return (
              <li key={session.id} className={styles.session}>
                <div className={styles.sessionText}>
                  <strong>{what}</strong>
                  <span>
                    {texts.signedInAt(exactTime(session.signed_in_at))}
                    {session.last_active_at ? (
                      <>
                        {` · ${texts.lastActive} `}
                        <TimeAgo iso={session.last_active_at} />
                      </>
                    ) : null}
                    {session.address ? ` · ${session.address}` : null}
                  </span>
                </div>
                {isSelf ? null : (
                  <Button
                    variant="secondary"
                    aria-label={texts.endSessionLabel(what)}
                    loading={endOne.isPending && endOne.variables.sessionId === session.id}
                    onClick={() =>
                      void report(() => endOne.mutateAsync({ userId: user.id, sessionId: session.id }))
                    }
                  >
                    {texts.endSession}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {sessions.length > 0 && !isSelf ? (
        <Button variant="danger" loading={endAll.isPending} onClick={() => void endEverything()}>
          {texts.endAllSessions}
        </Button>
      ) : null}
    </section>
  );
}
