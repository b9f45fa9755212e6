import { Button, WarningIcon } from '@sso/shared/ui';
import { appsText } from '../../texts';
import { CopyableValue } from './copyable-value';
import styles from './sso.module.css';

export interface ClientSecretPanelProps {
  clientId: string;
  secret: string;
  /** Above the values, e.g. that the application was saved. */
  lead?: string;
  /** "Saya sudah menyimpan secret": what comes next (the list); left out where nothing does. */
  onDone?: () => void;
}

/**
 * A client secret the api has just made, shown this once (it keeps only the hash): the client id
 * and the secret, each copyable, and the warning that it cannot be seen again.
 */
export function ClientSecretPanel({ clientId, secret, lead, onDone }: ClientSecretPanelProps) {
  return (
    <section className={styles.secretPanel} aria-label={appsText.sso.secretTitle}>
      <h3 className={styles.secretTitle}>{appsText.sso.secretTitle}</h3>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      <p className={styles.warning} role="status">
        <WarningIcon size={18} />
        <span>{appsText.sso.secretWarning}</span>
      </p>
      <CopyableValue label={appsText.sso.clientId} value={clientId} />
      <CopyableValue label={appsText.sso.secret} value={secret} />
      {onDone ? (
        <div className={styles.secretActions}>
          <Button onClick={onDone}>{appsText.sso.secretDone}</Button>
        </div>
      ) : null}
    </section>
  );
}
