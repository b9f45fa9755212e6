import { getProductName } from '@sso/shared/i18n';
import styles from './auth-layout.module.css';

/** The product's mark (an inline SVG: no extra request, crisp at any size) and its name. */
export function AuthLogo() {
  return (
    <div className={styles.brand}>
      <svg
        className={styles.mark}
        width="44"
        height="44"
        viewBox="0 0 48 48"
        aria-hidden="true"
        focusable="false"
      >
        <rect className={styles.markTile} width="48" height="48" rx="12" />
        <path
          d="M24 9.5 35 14v9.2c0 7.3-4.7 13.2-11 15.3-6.3-2.1-11-8-11-15.3V14l11-4.5Z"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinejoin="round"
        />
        <circle cx="24" cy="21.5" r="3.6" fill="#fff" />
        <path d="M24 25v6.5M24 28.5h3" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      </svg>
      <span className={styles.productName}>{getProductName()}</span>
    </div>
  );
}
