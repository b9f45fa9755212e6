import { SSO_PANEL_APP_ID, type ApplicationDetail } from '@sso/shared/contract';
import { appsText } from '../../texts';
import { CopyableValue } from './copyable-value';
import styles from './sso-client-details.module.css';

const text = appsText.sso;

function UriValues({ label, values }: { label: string; values: readonly string[] }) {
  return (
    <div className={styles.item}>
      <span className={styles.label}>{label}</span>
      {values.length === 0 ? (
        <span className={styles.muted}>-</span>
      ) : (
        <ul className={styles.uris} aria-label={label}>
          {values.map((uri) => (
            <li key={uri}>{uri}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "Integrasi SSO" in Detail Aplikasi: the client as saved (never a secret), or why there is none. */
export function SsoClientDetails({ app }: { app: ApplicationDetail }) {
  const client = app.sso;
  if (app.id === SSO_PANEL_APP_ID) return <span className={styles.muted}>{text.detailPanel}</span>;
  if (!client) return <span className={styles.muted}>{text.detailNone}</span>;
  return (
    <div className={styles.details}>
      <CopyableValue label={text.clientId} value={client.client_id} />
      <div className={styles.item}>
        <span className={styles.label}>{text.type}</span>
        <span>{text.typeLabel[client.client_type]}</span>
      </div>
      <UriValues label={text.redirectUris} values={client.redirect_uris} />
      <UriValues label={text.postLogoutUris} values={client.post_logout_redirect_uris} />
      <div className={styles.item}>
        <span className={styles.label}>{text.backchannel}</span>
        <span className={styles.uri}>{client.backchannel_logout_uri ?? '-'}</span>
      </div>
      <div className={styles.item}>
        <span className={styles.label}>{text.initiateLogin}</span>
        <span className={styles.uri}>{client.initiate_login_uri ?? '-'}</span>
      </div>
    </div>
  );
}
