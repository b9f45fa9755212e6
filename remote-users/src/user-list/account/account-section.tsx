import type { UseQueryResult } from '@tanstack/react-query';
import { toApiError } from '@sso/shared/api';
import type { User, UserAccount, UserSession } from '@sso/shared/contract';
import { clockTime, exactTime, t } from '@sso/shared/i18n';
import { Button, Spinner, confirm } from '@sso/shared/ui';
import { runAndToast } from '@sso/shared/ui-data';
import styles from './account.module.css';
import { texts } from '../../texts';
import { useEndUserSession } from './api/end-user-session';
import { useEndUserSessions } from './api/end-user-sessions';
import { useLiftUserLock } from './api/lift-user-lock';
import { TimeAgo } from '../../shared/last-sign-in';

export interface AccountSectionProps {
  user: User;
  /** The account as an editor of users reads it. */
  account: UseQueryResult<UserAccount>;
  /** The signed-in administrator's own account: nothing to end or lift from here. */
  isSelf: boolean;
}

/** The drawer's account part for an editor of users: the sign-in lock and the open sessions. */
export function AccountSection({ user, account, isSelf }: AccountSectionProps) {
  const data = account.data;
  if (account.isPending) {
    return (
      <div className={styles.account}>
        <p className={styles.note}>
          <Spinner /> {texts.accountLoading}
        </p>
      </div>
    );
  }
  if (!data) {
    const error = toApiError(account.error);
    // 403: the administrator's role does not cover this user's; the api's message says so.
    return (
      <div className={styles.account}>
        <p className={styles.error} role="alert">
          {error.status === 403 ? error.message : `${texts.accountFailed}: ${error.message}`}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.account}>
      {data.lock ? <LockLine userId={user.id} lock={data.lock} /> : null}
      <Sessions user={user} sessions={data.sessions} isSelf={isSelf} />
    </div>
  );
}

/** Who changed the status, when, and why (under the status chip). */
export function StatusChange({ account }: { account: UserAccount }) {
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

function LockLine({ userId, lock }: { userId: number; lock: NonNullable<UserAccount['lock']> }) {
  const lift = useLiftUserLock();
  return (
    <div className={styles.lock} role="status">
      <span>{texts.lockedUntil(clockTime(lock.until), lock.failures)}</span>
      <Button
        variant="secondary"
        loading={lift.isPending}
        onClick={() => void runAndToast(() => lift.mutateAsync(userId))}
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
    if (ok) await runAndToast(() => endAll.mutateAsync(user.id));
  };
  // Ending one session asks first too, as Nonaktifkan does: it signs someone out.
  const endThis = async (session: UserSession, what: string) => {
    const ok = await confirm({
      variant: 'warning',
      title: texts.endSessionTitle(user.nama),
      body: texts.endSessionBody(session.address ? `${what} (${session.address})` : what),
      confirmLabel: texts.endSession,
      cancelLabel: t.common.cancel,
    });
    if (ok) await runAndToast(() => endOne.mutateAsync({ userId: user.id, sessionId: session.id }));
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
                    onClick={() => void endThis(session, what)}
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
