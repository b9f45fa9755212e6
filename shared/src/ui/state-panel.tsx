import type { ReactNode } from 'react';
import styles from './state-panel.module.css';
import { usePageHeading } from './use-page-heading';
import { Button } from './button';
import { t } from '@sso/shared/i18n';

export interface StatePanelProps {
  title: string;
  body?: ReactNode;
  tone?: 'empty' | 'error';
  onRetry?: () => void;
  retryLabel?: string;
  action?: ReactNode;
  /** The panel is the whole screen (not found, no access): its title is the page's h1. */
  page?: boolean;
}

/** Empty, no-match and error states: a clear Indonesian message, never a blank screen. */
export function StatePanel({
  title,
  body,
  tone = 'empty',
  onRetry,
  retryLabel,
  action,
  page = false,
}: StatePanelProps) {
  return (
    <div className={`${styles.panel} ${styles[tone]}`} role={tone === 'error' ? 'alert' : undefined}>
      {page ? <PageTitle title={title} /> : <p className={styles.title}>{title}</p>}
      {body ? <div className={styles.body}>{body}</div> : null}
      <div className={styles.actions}>
        {onRetry ? <Button onClick={onRetry}>{retryLabel ?? t.common.retry}</Button> : null}
        {action}
      </div>
    </div>
  );
}

function PageTitle({ title }: { title: string }) {
  const heading = usePageHeading(title);
  return (
    <h1 ref={heading} className={styles.title} tabIndex={-1}>
      {title}
    </h1>
  );
}
