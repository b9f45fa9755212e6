import { useSyncExternalStore } from 'react';
import styles from './toast.module.css';
import { CloseIcon } from './icons';

/** Spec 9: "Toast: top-right, 3000 ms, progress bar, no confirm button". */
export const TOAST_DURATION_MS = 3000;
/** At most this many toasts stand at once (a newer one replaces the oldest), so they never pile up over the page. */
export const MAX_TOASTS = 2;

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  items = [...items, { id, kind, message }].slice(-MAX_TOASTS);
  emit();
  setTimeout(() => dismiss(id), TOAST_DURATION_MS);
  return id;
}

/** Shows a message (e.g. a server's success message) as a toast. One store for all remotes. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  dismiss,
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered once by the host shell (and by a remote's standalone dev shell). */
export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  return (
    <div className={styles.region} aria-live="polite" aria-relevant="additions">
      {current.map((item) => (
        <div
          key={item.id}
          className={`${styles.toast} ${styles[item.kind]}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
        >
          <span className={styles.message}>{item.message}</span>
          <button
            type="button"
            className={styles.close}
            aria-label="Tutup notifikasi"
            onClick={() => dismiss(item.id)}
          >
            <CloseIcon size={14} />
          </button>
          <span
            className={styles.progress}
            style={{ animationDuration: `${TOAST_DURATION_MS}ms` }}
            aria-hidden="true"
          />
        </div>
      ))}
    </div>
  );
}
