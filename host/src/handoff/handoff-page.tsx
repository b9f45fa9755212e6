import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { writeSession } from '@sso/shared/session';
import { Spinner } from '@sso/shared/ui';
import { decodeHandoff } from './handoff-codec';
import { consumeHandoffParam } from './take-handoff-param';
import styles from './handoff-page.module.css';

/** Spec 9: "Handoff redirect delay 1.5 s". */
export const HANDOFF_DELAY_MS = 1500;

/**
 * Route '/': stores a session handed over in the `data` parameter and goes to /home after 1.5 s;
 * anything else (no parameter, malformed, hostile, expired) goes to /login.
 */
export function HandoffPage() {
  const navigate = useNavigate();
  const [result] = useState(() => decodeHandoff(consumeHandoffParam()));

  useEffect(() => {
    if (!result.ok) return;
    writeSession(result.session);
    const timer = setTimeout(() => void navigate('/home', { replace: true }), HANDOFF_DELAY_MS);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  if (!result.ok) return <Navigate to="/login" replace />;
  return (
    <main className={styles.page}>
      <Spinner size={36} />
      <p role="status">Mengalihkan ke halaman utama…</p>
    </main>
  );
}
