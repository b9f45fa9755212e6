import { toApiError } from '@sso/shared/api';
import { auditActivity, type AuditEvent } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { exactTime, relativeTime } from '@sso/shared/i18n';
import { Link } from '@sso/shared/navigation';
import { auditText } from '../texts';
import { useEvents } from '../api/get-events';
import { actorLabel } from '../shared/actor-label';
import { ResultBadge } from '../shared/result-badge';
import { useNow } from '../shared/use-now';
import homeCard from '@sso/shared/ui-data/home-card.module.css';
import styles from './recent-activity-card.module.css';

/** Where an event's line leads: the log filtered on its record, or on its actor for a sign-in. */
export function eventLink(event: AuditEvent): string {
  if (event.target_type && event.target_id && event.target_type !== 'application') {
    const params = new URLSearchParams({ target_type: event.target_type, target_id: event.target_id });
    return `${appPaths.audit.list}?${params.toString()}`;
  }
  return event.actor_id ? appPaths.audit.ofUser(event.actor_id) : appPaths.audit.list;
}

/** Home card "Aktivitas Terbaru": the last 5 events, each a link into Log Aktivitas. */
export default function RecentActivityCard() {
  const events = useEvents({ page: 1, perPage: 5 });
  const now = useNow();
  if (events.isError) {
    return (
      <p className={homeCard.error} role="alert">
        {toApiError(events.error).message}
      </p>
    );
  }
  const rows = events.data?.data;
  return (
    <div className={homeCard.card} aria-busy={rows === undefined}>
      {rows === undefined ? null : rows.length === 0 ? (
        <p className={homeCard.note}>{auditText.card.empty}</p>
      ) : (
        <ol className={homeCard.list}>
          {rows.map((event) => (
            <li key={event.id} className={styles.item}>
              <Link to={eventLink(event)} className={styles.link}>
                {auditActivity(event)}
              </Link>
              <span className={styles.meta}>
                {actorLabel(event)} ·{' '}
                <time dateTime={event.at} title={exactTime(event.at, { seconds: true })}>
                  {relativeTime(event.at, now)}
                </time>
              </span>
              <ResultBadge result={event.result} />
            </li>
          ))}
        </ol>
      )}
      <Link to={appPaths.audit.list} className={styles.all}>
        {auditText.card.openLog}
      </Link>
    </div>
  );
}
