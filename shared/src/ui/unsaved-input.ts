import { t } from '@sso/shared/i18n';
import { confirm } from './confirm-dialog';

/**
 * Forms on the page that hold unsaved input (`useLeaveConfirmation(true)`). Module state of the
 * shared `ui` singleton, so the host sees what a remote's form reports.
 */
const holders = new Set<object>();
/** Set once the user agreed to leave the page: the forms' unload prompts stand down. */
let leaving = false;

/** Reports unsaved input until the returned release is called. */
export function holdUnsavedInput(): () => void {
  const holder = {};
  holders.add(holder);
  return () => {
    holders.delete(holder);
  };
}

/** Whether any form on the page holds unsaved input. */
export function hasUnsavedInput(): boolean {
  return holders.size > 0;
}

/** Whether the user already agreed to leave the page (then no second, native prompt). */
export function isLeavingPage(): boolean {
  return leaving;
}

/** Spec 2 "Other": the one question asked before unsaved input is dropped. */
export function askToLeave(): Promise<boolean> {
  return confirm({
    variant: 'question',
    title: t.common.leaveTitle,
    body: t.common.leaveBody,
    confirmLabel: t.common.leaveConfirm,
    cancelLabel: t.common.stay,
  });
}

/**
 * Before the page is left or reloaded by the app itself (e.g. "Muat ulang" for a new version):
 * asks "Keluar tanpa menyimpan?" when a form holds unsaved input. Resolves true when the page may go
 * (nothing unsaved, or the user chose Keluar; the forms' own unload prompts then stay quiet), false
 * when the user stays (nothing is lost).
 */
export async function confirmPageLeave(): Promise<boolean> {
  if (!hasUnsavedInput()) return true;
  const leave = await askToLeave();
  if (leave) {
    leaving = true;
    // A page restored from the back/forward cache was not left after all: its forms ask again.
    window.addEventListener(
      'pageshow',
      () => {
        leaving = false;
      },
      { once: true },
    );
  }
  return leave;
}
