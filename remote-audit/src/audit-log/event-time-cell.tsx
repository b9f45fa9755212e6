import { exactTime, relativeTime } from '@sso/shared/i18n';
import { Tooltip } from '@sso/shared/ui-data';
import styles from './audit-log-page.module.css';

/** Waktu: "5 menit lalu", the exact time on hover and on keyboard focus (and for screen readers). */
export function EventTimeCell({ at, now }: { at: string; now: number }) {
  const exact = exactTime(at, { seconds: true });
  return (
    <Tooltip content={exact} side="top">
      <time
        className={styles.time}
        dateTime={at}
        tabIndex={0}
        aria-label={`${relativeTime(at, now)}, ${exact}`}
      >
        {relativeTime(at, now)}
      </time>
    </Tooltip>
  );
}
