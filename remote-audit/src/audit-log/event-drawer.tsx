import { auditSentence, type AuditEvent } from '@sso/shared/contract';
import { exactTime } from '@sso/shared/i18n';
import { DetailList, Drawer } from '@sso/shared/ui-data';
import { auditText } from '../texts';
import { actorLabel } from '../shared/actor-label';
import { ResultBadge } from '../shared/result-badge';
import styles from './event-drawer.module.css';

const text = auditText.drawer;

/** A row's detail: what, who, when, from where, the result and its reason, and before → after. */
export function EventDrawer({ event, onClose }: { event: AuditEvent | null; onClose: () => void }) {
  return (
    <Drawer open={event !== null} onOpenChange={(open) => !open && onClose()} title={text.title}>
      {event ? <EventDetail event={event} /> : null}
    </Drawer>
  );
}

function EventDetail({ event }: { event: AuditEvent }) {
  const target = event.target_label ?? (event.target_id ? `#${event.target_id}` : null);
  return (
    <div className={styles.detail}>
      <DetailList>
        <dt>{text.activity}</dt>
        <dd>{auditSentence(event)}</dd>
        <dt>{text.time}</dt>
        <dd>
          <time dateTime={event.at}>{exactTime(event.at, { seconds: true })}</time>
        </dd>
        <dt>{text.actor}</dt>
        <dd>{actorLabel(event)}</dd>
        {target ? (
          <>
            <dt>{text.target}</dt>
            <dd>{target}</dd>
          </>
        ) : null}
        <dt>{text.result}</dt>
        <dd>
          <ResultBadge result={event.result} /> <span className={styles.status}>HTTP {event.status}</span>
        </dd>
        {event.reason ? (
          <>
            <dt>{text.reason}</dt>
            <dd>{event.reason}</dd>
          </>
        ) : null}
        <dt>{text.address}</dt>
        <dd>{event.ip ?? text.empty}</dd>
        <dt>{text.agent}</dt>
        <dd className={styles.agent}>{event.user_agent ?? text.empty}</dd>
      </DetailList>
      <h3 className={styles.heading}>{text.changes}</h3>
      {event.changes.length === 0 ? (
        <p className={styles.none}>{text.noChanges}</p>
      ) : (
        <table className={styles.changes}>
          <caption className="sso-visually-hidden">{text.changes}</caption>
          <thead>
            <tr>
              <th scope="col">{text.field}</th>
              <th scope="col">{text.before}</th>
              <th scope="col">{text.after}</th>
            </tr>
          </thead>
          <tbody>
            {event.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.field}</th>
                <td>{change.before ?? text.empty}</td>
                <td>{change.after ?? text.empty}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
