import { useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import type { NavItem } from '@sso/shared/federation';
import { displayNameOf, initialOf, useSession } from '@sso/shared/session';
import { CloseIcon, LogoutIcon, MenuIcon } from '@sso/shared/ui';
import { t } from '@sso/shared/i18n';
import { NavIcon } from './nav-icon';
import { useLogout } from './use-logout';
import { selectedNavPath } from '../routing/nav-model';
import styles from './shell-layout.module.css';

export interface ShellLayoutProps {
  nav: NavItem[];
  navPathOf: (pathname: string) => string | undefined;
  onPrefetch: (path: string) => void;
  /** Content instead of the matched child route (the catch-all page). */
  children?: ReactNode;
}

/** The protected layout of spec 2: sidebar "Panel", user initial and name, Logout, footer. */
export function ShellLayout({ nav, navPathOf, onPrefetch, children }: ShellLayoutProps) {
  const session = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const selected = selectedNavPath(pathname, nav, navPathOf);

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        Lewati ke konten utama
      </a>
      <header className={styles.topbar}>
        <button
          type="button"
          className={styles.menuButton}
          aria-label="Buka menu"
          aria-expanded={open}
          aria-controls="sidebar"
          onClick={() => setOpen(true)}
        >
          <MenuIcon />
        </button>
        <span className={styles.topTitle}>{t.nav.panel}</span>
      </header>
      {open ? <div className={styles.backdrop} onClick={() => setOpen(false)} aria-hidden="true" /> : null}
      <aside id="sidebar" className={`${styles.sidebar} ${open ? styles.open : ''}`}>
        <div className={styles.brand}>
          <h2 className={styles.brandTitle}>{t.nav.panel}</h2>
          <button
            type="button"
            className={styles.closeButton}
            aria-label="Tutup menu"
            onClick={() => setOpen(false)}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Menu utama">
          <ul className={styles.navList}>
            {nav.map((item) => (
              <li key={item.path}>
                <Link
                  to={item.path}
                  className={`${styles.navItem} ${selected === item.path ? styles.active : ''}`}
                  aria-current={selected === item.path ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                  onMouseEnter={() => onPrefetch(item.path)}
                  onFocus={() => onPrefetch(item.path)}
                >
                  <NavIcon name={item.icon} />
                  <span>{item.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.user}>
          <span className={styles.avatar} aria-hidden="true">
            {session ? initialOf(session) : ''}
          </span>
          <span className={styles.userName}>{session ? displayNameOf(session) : ''}</span>
        </div>
        <button
          type="button"
          className={styles.logout}
          onClick={() => void logout.run()}
          disabled={logout.pending}
        >
          <LogoutIcon />
          <span>{t.nav.logout}</span>
        </button>
      </aside>
      <div className={styles.content}>
        <main id="main" className={styles.main} tabIndex={-1}>
          {children ?? <Outlet />}
        </main>
        <footer className={styles.footer}>{t.footer(new Date().getFullYear())}</footer>
      </div>
    </div>
  );
}
