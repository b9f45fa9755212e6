import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from '@sso/shared/navigation';
import { confirmHandedOverSession } from '@sso/shared/api';
import { appPaths } from '@sso/shared/federation';
import { readSession, writeSession, type Session } from '@sso/shared/session';
import { Spinner, confirm } from '@sso/shared/ui';
import { requestLogout } from '../layout/logout-request';
import { decodeHandoff } from './handoff-codec';
import { consumeHandoffParam } from './take-handoff-param';
import styles from './handoff-page.module.css';

/** Spec 9: "Handoff redirect delay 1.5 s". */
export const HANDOFF_DELAY_MS = 1500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const who = (session: Session) => `${session.name ?? 'tanpa nama'} (NIK ${session.nik})`;

/** Whether two stored sessions are the same login (ending one would end the other). */
const sameLogin = (a: Session, b: Session) =>
  a.access_token === b.access_token || (a.token != null && a.token === b.token);

/**
 * Issue 36 (finding 13): a handed-over session of another account never replaces the signed-in one
 * without a word. The question names both accounts; replacing ends the old login (logout with its
 * token), staying drops the handed-over one. A handed-over session of the same account replaces the
 * old login, which ends. Resolves whether the handed-over session is to be stored.
 */
async function mayReplace(current: Session | null, handed: Session): Promise<boolean> {
  if (!current || sameLogin(current, handed)) return true;
  if (current.id !== handed.id) {
    const replace = await confirm({
      variant: 'warning',
      title: 'Ganti akun?',
      body: `Anda sedang masuk sebagai ${who(current)}. Tautan ini akan memasukkan Anda sebagai ${who(handed)}, dan ${current.name ?? 'akun itu'} akan dikeluarkan dari panel ini.`,
      confirmLabel: `Masuk sebagai ${handed.name ?? handed.nik}`,
      cancelLabel: `Tetap sebagai ${current.name ?? current.nik}`,
    });
    if (!replace) return false;
  }
  // The old login ends: its tokens must not stay alive behind the new session.
  await requestLogout(current).catch(() => undefined);
  return true;
}

/**
 * Route '/': a session handed over in the `data` parameter is confirmed with the api
 * (`session/validate`, `api/me`), stored, and the user goes to /home after 1.5 s. When another
 * account is signed in here, the user is asked first (`mayReplace`). Anything else
 * (no parameter; malformed, hostile or expired data; a session the api refuses) goes to /login
 * with nothing stored.
 */
export function HandoffPage() {
  const navigate = useNavigate();
  const [decoded] = useState(() => decodeHandoff(consumeHandoffParam()));
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    if (!decoded.ok) return;
    let live = true;
    const confirmed = confirmHandedOverSession(decoded.session);
    void Promise.all([confirmed, wait(HANDOFF_DELAY_MS)]).then(
      async ([session]) => {
        if (!live) return;
        if (await mayReplace(readSession(), session)) writeSession(session);
        if (live) void navigate(appPaths.home, { replace: true });
      },
      () => {
        if (live) setRefused(true);
      },
    );
    return () => {
      live = false;
    };
  }, [decoded, navigate]);

  if (!decoded.ok || refused) return <Navigate to="/login" replace />;
  return (
    <main className={styles.page}>
      <Spinner size={36} />
      <p role="status">Mengalihkan ke halaman utama…</p>
    </main>
  );
}
