import { useState } from 'react';
import { readSessionEndNotice } from '@sso/shared/session';
import styles from './auth-layout.module.css';

/**
 * Why the last session ended ("Sesi Anda telah diakhiri oleh administrator."), above the sign-in
 * form, until the next sign-in clears it. Read once when the screen opens; a status, not an alert:
 * it informs, nothing failed on this screen.
 */
export function SessionEndNotice() {
  const [message] = useState(readSessionEndNotice);
  if (!message) return null;
  return (
    <p className={styles.notice} role="status">
      {message}
    </p>
  );
}
