import type { Application } from '@sso/shared/contract';
import { Spinner, safeHttpUrl } from '@sso/shared/ui';
import { NOT_HELD_REASON } from '@sso/shared/access';
import { rolesText } from '../texts';
import styles from './application-picker.module.css';

export interface ApplicationRowProps {
  app: Application;
  selected: boolean;
  /** How many menus and sub-menus of it are ticked. */
  granted: number;
  /** Its menu tree is the one shown. */
  active: boolean;
  /** The switch waits for the application's menu tree. */
  pending: boolean;
  /** The signed-in user holds the application: else it cannot be switched on, and says why. */
  held?: boolean;
  onShow: () => void;
  onToggle: (on: boolean) => void;
}

/** One application: a button that shows its menus, and a switch that grants or removes it. */
export function ApplicationRow({
  app,
  selected,
  granted,
  active,
  pending,
  held = true,
  onShow,
  onToggle,
}: ApplicationRowProps) {
  const logo = safeHttpUrl(app.logo_url);
  return (
    <li className={`${styles.app} ${active ? styles.active : ''}`}>
      <button
        type="button"
        className={styles.show}
        aria-current={active ? 'true' : undefined}
        onClick={onShow}
      >
        {/* Named by its visible text (WCAG 2.5.3), after a hidden verb. */}
        <span className="sso-visually-hidden">{rolesText.form.showMenusPrefix}</span>
        {logo ? (
          <img className={styles.logo} src={logo} alt="" width={32} height={32} />
        ) : (
          <span className={styles.logoFallback} aria-hidden="true">
            {app.name.charAt(0).toUpperCase()}
          </span>
        )}
        <span className={styles.appText}>
          <span className={styles.appName}>{app.name}</span>
          <span className={styles.appCount}>
            {held || selected ? rolesText.form.grantedCount(granted) : NOT_HELD_REASON}
          </span>
        </span>
      </button>
      <span className={styles.switchWrap}>
        {pending ? <Spinner size={14} /> : null}
        <button
          type="button"
          role="switch"
          className={styles.switch}
          aria-checked={selected}
          aria-label={app.name}
          aria-busy={pending || undefined}
          disabled={pending || (!held && !selected)}
          onClick={() => onToggle(!selected)}
        >
          <span className={styles.thumb} aria-hidden="true" />
        </button>
      </span>
    </li>
  );
}
