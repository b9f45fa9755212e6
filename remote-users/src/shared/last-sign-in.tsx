import { exactTime, relativeTime } from '@sso/shared/i18n';
import { Tooltip } from '@sso/shared/ui-data';
import styles from './account-status.module.css';
import { texts } from '../texts';

/** When a time happened, relative ("3 jam lalu"); the exact time on hover and on focus. */
export function TimeAgo({ iso }: { iso: string }) {
  const exact = exactTime(iso);
  return (
    <Tooltip content={exact}>
      {/* Focusable so keyboard users reach the exact time; its name carries it for screen readers. */}
      <time
        dateTime={iso}
        tabIndex={0}
        className={styles.time}
        aria-label={`${relativeTime(iso)} (${exact})`}
      >
        {relativeTime(iso)}
      </time>
    </Tooltip>
  );
}

/** "Terakhir masuk": relative with the exact time, or "Belum pernah masuk". */
export function LastSignIn({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className={styles.never}>{texts.neverSignedIn}</span>;
  return <TimeAgo iso={iso} />;
}
