import { useState } from 'react';
import { toApiError } from '@sso/shared/api';
import { useSession } from '@sso/shared/session';
import { Button, Skeleton, buttonClassName, safeHttpUrl } from '@sso/shared/ui';
import { appsText } from '../texts';
import { useYourApps, type YourApp } from './api/get-your-apps';
import { openWithHandoff } from './open-application';
import homeCard from '@sso/shared/ui-data/home-card.module.css';
import styles from './your-apps-card.module.css';

const text = appsText.yourApps;

/** Where a URI leads, in short (its host), so people recognise the application. */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * Home card "Aplikasi Anda" (descriptor `cards`, for everyone signed in): the applications the
 * role grants, each opening in a new tab signed in: through its "URL mulai masuk" when it is an
 * OpenID Connect client, else with the spec's handoff (a fresh app session as `/?data=`).
 */
export default function YourAppsCard() {
  const session = useSession();
  const loginToken = session?.token ?? null;
  const apps = useYourApps(loginToken);
  const [opening, setOpening] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ id: number; message: string } | null>(null);

  if (loginToken === null) return <p className={homeCard.note}>{text.noLoginToken}</p>;
  if (apps.isError) {
    return (
      <div className={homeCard.card}>
        <p className={homeCard.error} role="alert">
          {text.failed}: {toApiError(apps.error).message}
        </p>
        <div>
          <Button variant="secondary" onClick={() => void apps.refetch()}>
            {text.retry}
          </Button>
        </div>
      </div>
    );
  }
  if (!apps.data) {
    return (
      <div className={homeCard.card} aria-busy="true">
        <Skeleton height={44} />
        <Skeleton height={44} />
      </div>
    );
  }
  if (apps.data.length === 0) {
    return (
      <div className={homeCard.card}>
        <p className={styles.emptyTitle}>{text.empty}</p>
        <p className={homeCard.note}>{text.emptyBody}</p>
      </div>
    );
  }

  const open = async (app: YourApp) => {
    setFailure(null);
    setOpening(app.id);
    try {
      await openWithHandoff(app, loginToken);
    } catch (error) {
      setFailure({ id: app.id, message: text.openFailed(app.name, toApiError(error).message) });
    } finally {
      setOpening(null);
    }
  };

  return (
    <ul className={homeCard.list} aria-label={text.caption}>
      {apps.data.map((app) => {
        const initiate = app.initiate_login_uri ? safeHttpUrl(app.initiate_login_uri) : undefined;
        return (
          <li key={app.id} className={styles.item}>
            <img className={styles.logo} src={app.logo_url} alt="" width={32} height={32} />
            <span className={styles.name}>{app.name}</span>
            <span className={styles.meta}>
              {hostOf(initiate ?? app.url)} · {initiate ? text.viaSso : text.viaHandoff}
            </span>
            {initiate ? (
              <a
                className={buttonClassName('secondary')}
                href={initiate}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={text.openLabel(app.name)}
              >
                {text.open}
              </a>
            ) : (
              <Button
                variant="secondary"
                aria-label={text.openLabel(app.name)}
                loading={opening === app.id}
                onClick={() => void open(app)}
              >
                {text.open}
              </Button>
            )}
            {failure?.id === app.id ? (
              <p className={`${homeCard.error} ${styles.itemError}`} role="alert">
                {failure.message}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
