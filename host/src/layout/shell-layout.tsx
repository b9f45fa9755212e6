import { useMemo, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Link, useLocation } from '@sso/shared/navigation';
import type { NavItem } from '@sso/shared/federation';
import { displayNameOf, initialOf, sessionGrants, useSession } from '@sso/shared/session';
import { CloseIcon, LogoutIcon, MenuIcon, ShieldIcon } from '@sso/shared/ui';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { Dialog } from 'radix-ui';
import { NavIcon } from './nav-icon';
import { NewVersionPrompt } from './new-version-prompt';
import { useMediaQuery } from './use-media-query';
import { useFreshGrants } from './use-fresh-grants';
import { useLogout } from './use-logout';
import { selectedNavPath, visibleNav } from '../routing/nav-model';
import styles from './shell-layout.module.css';

/** Below this width the sidebar is a dialog behind the menu button (shell-layout.module.css). */
const NARROW = '(max-width: 860px)';

export interface ShellLayoutProps {
  nav: NavItem[];
  navPathOf: (pathname: string) => string | undefined;
  onPrefetch: (path: string) => void;
  /** Content instead of the matched child route (the catch-all page). */
  children?: ReactNode;
}

/** The protected layout of spec 2: sidebar "Panel", user initial and name, Logout, footer. */
export function ShellLayout({ nav: allNav, navPathOf, onPrefetch, children }: ShellLayoutProps) {
  const session = useSession();
  const nav = useMemo(() => visibleNav(allNav, sessionGrants(session)), [allNav, session]);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const narrow = useMediaQuery(NARROW);
  const logout = useLogout();
  useFreshGrants();
  const selected = selectedNavPath(pathname, nav, navPathOf);

  const navigation = (
    <>
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
      {/* Every signed-in user's own security page, whatever their menus (issue 31). */}
      <Link
        to={appPaths.accountSecurity}
        className={`${styles.accountLink} ${pathname === appPaths.accountSecurity ? styles.active : ''}`}
        aria-current={pathname === appPaths.accountSecurity ? 'page' : undefined}
        onClick={() => setOpen(false)}
        onMouseEnter={() => onPrefetch(appPaths.accountSecurity)}
        onFocus={() => onPrefetch(appPaths.accountSecurity)}
      >
        <ShieldIcon />
        <span>{t.nav.accountSecurity}</span>
      </Link>
      <button
        type="button"
        className={styles.logout}
        onClick={() => void logout.run()}
        disabled={logout.pending}
      >
        <LogoutIcon />
        <span>{t.nav.logout}</span>
      </button>
    </>
  );

  return (
    <Dialog.Root open={narrow && open} onOpenChange={setOpen}>
      <div className={styles.shell}>
        <a className={styles.skip} href="#main">
          Lewati ke konten utama
        </a>
        <header className={styles.topbar}>
          <Dialog.Trigger className={styles.menuButton} aria-label="Buka menu">
            <MenuIcon />
          </Dialog.Trigger>
          <span className={styles.topTitle}>{t.nav.panel}</span>
        </header>
        {narrow ? (
          // Narrow screens: the sidebar is a modal dialog (Escape closes it, focus stays inside and
          // returns to the menu button).
          <Dialog.Portal>
            <Dialog.Overlay className={styles.backdrop} />
            <Dialog.Content className={`${styles.sidebar} ${styles.open}`} aria-describedby={undefined}>
              <div className={styles.brand}>
                <Dialog.Title className={styles.brandTitle}>{t.nav.panel}</Dialog.Title>
                <Dialog.Close className={styles.closeButton} aria-label="Tutup menu">
                  <CloseIcon />
                </Dialog.Close>
              </div>
              {navigation}
            </Dialog.Content>
          </Dialog.Portal>
        ) : (
          <aside className={styles.sidebar}>
            <div className={styles.brand}>
              <h2 className={styles.brandTitle}>{t.nav.panel}</h2>
            </div>
            {navigation}
          </aside>
        )}
        <div className={styles.content}>
          <main id="main" className={styles.main} tabIndex={-1}>
            {children ?? <Outlet />}
          </main>
          <footer className={styles.footer}>{t.footer(new Date().getFullYear())}</footer>
        </div>
        <NewVersionPrompt />
      </div>
    </Dialog.Root>
  );
}
