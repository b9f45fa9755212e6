import { Suspense, lazy, useSyncExternalStore } from 'react';

/** Spec 9: "a question-icon variant and a warning-icon variant, each with cancel and confirm". */
export type ConfirmVariant = 'question' | 'warning';

export interface ConfirmOptions {
  variant?: ConfirmVariant;
  title: string;
  body?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

export interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

let pending: Pending | null = null;
/** Once a confirmation was asked, the dialog stays mounted (its closing keeps focus handling). */
let viewNeeded = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Asks the user; resolves true on confirm, false on cancel or Escape. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false);
  viewNeeded = true;
  return new Promise<boolean>((resolve) => {
    pending = { ...options, resolve };
    emit();
  });
}

export function settle(ok: boolean): void {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(ok);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The dialog itself (Radix, focus trap, scroll lock) loads on the first confirmation, not on /login.
const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

/** Rendered once by the shell: the single place confirmation dialogs appear. */
export function ConfirmDialogHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
  if (!current && !viewNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView current={current} onSettle={settle} />
    </Suspense>
  );
}
