import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from '@sso/shared/navigation';
import { confirmHandedOverSession } from '@sso/shared/api';
import { writeSession } from '@sso/shared/session';
import { Spinner } from '@sso/shared/ui';
import { decodeHandoff } from './handoff-codec';
import { consumeHandoffParam } from './take-handoff-param';
import styles from './handoff-page.module.css';

/** Spec 9: "Handoff redirect delay 1.5 s". */
export const HANDOFF_DELAY_MS = 1500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Route '/': a session handed over in the `data` parameter is confirmed with the api
 * (`session/validate`, `api/me`), stored, and the user goes to /home after 1.5 s. Anything else
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
      ([session]) => {
        if (!live) return;
        writeSession(session);
        void navigate('/home', { replace: true });
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
