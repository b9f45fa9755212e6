import { useEffect, useRef } from 'react';
import { getProductName } from '@sso/shared/i18n';

/** The first heading of the page's life is left alone: focus starts at the top of a fresh load. */
let firstHeadingShown = false;

/**
 * A screen's heading: sets the document title ("User Management · SSO Admin Panel") and, after a
 * route change, moves focus to the heading so keyboard and screen-reader users land on the new
 * screen instead of the link they left (unless the screen focused a field of its own). Put the
 * returned ref on the screen's one h1, with tabIndex -1.
 */
export function usePageHeading(title: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${getProductName()}`;
  }, [title]);
  useEffect(() => {
    if (!firstHeadingShown) {
      firstHeadingShown = true;
      return;
    }
    const heading = ref.current;
    if (!heading) return;
    // A screen that focused its own first field (autoFocus, the OTP boxes) keeps it.
    const screen = heading.closest('main') ?? document.body;
    const active = document.activeElement;
    if (active && active !== document.body && screen.contains(active)) return;
    heading.focus({ preventScroll: true });
  }, []);
  return ref;
}
