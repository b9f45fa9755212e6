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

/** A free-text answer the dialog asks for beside the question (e.g. an optional reason). */
export interface ConfirmInput {
  label: string;
  maxLength?: number;
  placeholder?: string;
}

export interface Pending extends ConfirmOptions {
  input?: ConfirmInput;
  resolve: (ok: boolean, text: string) => void;
}

let pending: Pending | null = null;
/** Once a confirmation was asked, the dialog stays mounted (its closing keeps focus handling). */
let viewNeeded = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function ask(options: ConfirmOptions, input: ConfirmInput | undefined): Promise<string | null> {
  pending?.resolve(false, '');
  viewNeeded = true;
  return new Promise<string | null>((resolve) => {
    pending = { ...options, input, resolve: (ok, text) => resolve(ok ? text : null) };
    emit();
  });
}

/** Asks the user; resolves true on confirm, false on cancel or Escape. */
export async function confirm(options: ConfirmOptions): Promise<boolean> {
  return (await ask(options, undefined)) !== null;
}

/**
 * Asks the user with a text field in the dialog; resolves the text (trimmed, may be empty) on
 * confirm, null on cancel or Escape.
 */
export async function confirmWithInput(
  options: ConfirmOptions & { input: ConfirmInput },
): Promise<string | null> {
  const { input, ...question } = options;
  return (await ask(question, input))?.trim() ?? null;
}

export function settle(ok: boolean, text = ''): void {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(ok, text);
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
