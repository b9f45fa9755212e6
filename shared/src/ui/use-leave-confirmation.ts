import { useEffect } from 'react';
import { useBlocker } from '@sso/shared/navigation';
import { t } from '@sso/shared/i18n';
import { askToLeave, holdUnsavedInput, isLeavingPage } from './unsaved-input';

/**
 * Spec 2 "Other": leaving a form with entered data asks "Keluar tanpa menyimpan?". Covers in-app
 * navigation (links, sidebar, back button) through the router's blocker and the browser's unload.
 * Pass `dirty = false` once saved or when the form is empty: leaving is then silent. While dirty, the
 * form counts as unsaved input for `confirmPageLeave` (the host's "Muat ulang" asks the same question).
 */
export function useLeaveConfirmation(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void askToLeave().then((leave) => {
      if (!active) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const release = holdUnsavedInput();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // Already asked in the page ("Muat ulang"): no second, native prompt.
      if (isLeavingPage()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their own prompt.
      event.returnValue = t.common.leaveTitle;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      release();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}
