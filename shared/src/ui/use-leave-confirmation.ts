import { useEffect } from 'react';
import { useBlocker } from '@sso/shared/navigation';
import { confirm } from './confirm-dialog';
import { t } from '@sso/shared/i18n';

/**
 * Spec 2 "Other": leaving a form with entered data asks "Keluar tanpa menyimpan?". Covers in-app
 * navigation (links, sidebar, back button) through the router's blocker and the browser's unload.
 * Pass `dirty = false` once saved or when the form is empty: leaving is then silent.
 */
export function useLeaveConfirmation(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm({
      variant: 'question',
      title: t.common.leaveTitle,
      body: t.common.leaveBody,
      confirmLabel: t.common.leaveConfirm,
      cancelLabel: t.common.stay,
    }).then((leave) => {
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
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their own prompt.
      event.returnValue = t.common.leaveTitle;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
