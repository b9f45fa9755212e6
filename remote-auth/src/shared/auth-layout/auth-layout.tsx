import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation } from '@sso/shared/navigation';
import { t } from '@sso/shared/i18n';
import { ArrowLeftIcon, Button, usePageHeading } from '@sso/shared/ui';
import { AuthLogo } from './auth-logo';
import { takeOverPrerendered } from '../prerender/take-over';
import styles from './auth-layout.module.css';

export interface AuthLayoutProps {
  /** The page's one h1. */
  title: string;
  /** A line under the title (what to do on this step). */
  description?: ReactNode;
  /** The application a single sign-on request comes from: its logo beside ours. */
  application?: { name: string; logoUrl: string | null } | null;
  /** Shows the back arrow (spec 2: "an optional back arrow"). */
  onBack?: () => void;
  children: ReactNode;
}

/** Spec 2 "Other": auth screens use a card layout with a logo and an optional back arrow. */
export function AuthLayout({ title, description, application, onBack, children }: AuthLayoutProps) {
  const heading = usePageHeading(title);
  const page = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The screen painted from the page's HTML (ADR 0016) is taken over before the browser paints this.
  useLayoutEffect(() => {
    if (page.current) takeOverPrerendered(page.current, pathname);
    // Once, on mount: the screen is there only on the first page of a load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <main ref={page} className={styles.page}>
      <div className={styles.card}>
        {onBack ? (
          <Button variant="ghost" className={styles.back} aria-label={t.common.back} onClick={onBack}>
            <ArrowLeftIcon size={20} />
          </Button>
        ) : null}
        <AuthLogo />
        {application?.logoUrl ? (
          <img
            className={styles.appLogo}
            src={application.logoUrl}
            alt={`Logo ${application.name}`}
            width={40}
            height={40}
          />
        ) : null}
        <header className={styles.header}>
          <h1 ref={heading} className={styles.title} tabIndex={-1}>
            {title}
          </h1>
          {description ? <p className={styles.description}>{description}</p> : null}
        </header>
        {children}
      </div>
    </main>
  );
}
