import { safeHttpUrl } from '@sso/shared/ui';
import { appsText } from '../texts';
import styles from './app-list-page.module.css';

/** The application's URL, opened in a new tab without handing it this page (noopener noreferrer). */
export function AppUrlLink({ name, url }: { name: string; url: string }) {
  const href = safeHttpUrl(url);
  if (!href) return <span>{url}</span>;
  return (
    <a
      className={styles.url}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={appsText.list.openUrl(name)}
      onClick={(event) => event.stopPropagation()}
    >
      {href.replace(/^https?:\/\//, '').replace(/\/$/, '')}
    </a>
  );
}
