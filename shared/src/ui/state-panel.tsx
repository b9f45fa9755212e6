import type { ReactNode } from 'react';
import styles from './state-panel.module.css';
import { Button } from './button';
import { t } from '@sso/shared/i18n';

export interface StatePanelProps {
  title: string;
  body?: ReactNode;
  tone?: 'empty' | 'error';
  onRetry?: () => void;
  retryLabel?: string;
  action?: ReactNode;
}

/** Empty, no-match and error states: a clear Indonesian message, never a blank screen. */
export function StatePanel({ title, body, tone = 'empty', onRetry, retryLabel, action }: StatePanelProps) {
  return (
    <div className={`${styles.panel} ${styles[tone]}`} role={tone === 'error' ? 'alert' : undefined}>
      <p className={styles.title}>{title}</p>
      {body ? <div className={styles.body}>{body}</div> : null}
      <div className={styles.actions}>
        {onRetry ? <Button onClick={onRetry}>{retryLabel ?? t.common.retry}</Button> : null}
        {action}
      </div>
    </div>
  );
}
