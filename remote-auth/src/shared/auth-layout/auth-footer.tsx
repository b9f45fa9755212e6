import { Link } from '@sso/shared/navigation';
import styles from './auth-layout.module.css';

export interface AuthFooterProps {
  /** Text before the link ("Ingat password?"), if any. */
  prompt?: string;
  to: string;
  label: string;
}

/** The line under an auth card's form that leads to the other way in. */
export function AuthFooter({ prompt, to, label }: AuthFooterProps) {
  return (
    <p className={styles.footer}>
      {prompt ? `${prompt} ` : null}
      <Link className={styles.link} to={to}>
        {label}
      </Link>
    </p>
  );
}
