import { useLayoutEffect } from 'react';

/**
 * The auth screen the server put into the page (ADR 0016) stays painted until the auth page takes
 * it over (remote-auth/src/shared/prerender/take-over.ts). The host removes it when it shows anything else:
 * a signed-in visitor sent on, a failed remote, a start that failed, another route. While the page's
 * code is loading (a spinner), the painted screen is what the visitor sees and types into.
 */
const SELECTOR = '[data-sso-prerendered]';

/** Spinners mounted now: the page at this address is still loading. */
let loading = 0;

export function dropPrerenderedScreen(): void {
  document.querySelector(SELECTOR)?.remove();
}

/** In a spinner: the painted screen stays while it shows, and goes if nothing took it over after. */
export function useKeepPrerenderedScreen(): void {
  useLayoutEffect(() => {
    loading += 1;
    return () => {
      loading -= 1;
      // After this commit's layout effects: the page that replaced the spinner has taken it by then.
      queueMicrotask(() => {
        if (loading === 0) dropPrerenderedScreen();
      });
    };
  }, []);
}

/** In the root: after the first render, an unclaimed painted screen goes unless a page is loading. */
export function useDropUnclaimedPrerenderedScreen(): void {
  useLayoutEffect(() => {
    if (loading === 0) dropPrerenderedScreen();
  }, []);
}
