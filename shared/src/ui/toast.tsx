import { useSyncExternalStore } from 'react';
import styles from './toast.module.css';
import { CloseIcon } from './icons';

/** Spec 9: "Toast: top-right, 3000 ms, progress bar, no confirm button". */
export const TOAST_DURATION_MS = 3000;
/** One toast stands at a time, so toasts never pile up over the page (issue 37). */
export const MAX_TOASTS = 1;

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/** A toast stands at least this long before a newer one replaces it, so two messages of one step are both seen. */
export const TOAST_MIN_MS = 600;

let items: ToastItem[] = [];
let shownAt = 0;
/** The toast that replaces the current one once it has stood TOAST_MIN_MS (only the newest waits). */
let waiting: ToastItem | null = null;
let waitTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function showNow(item: ToastItem): void {
  clearTimeout(waitTimer);
  waiting = null;
  items = [item];
  shownAt = Date.now();
  emit();
  setTimeout(() => dismiss(item.id), TOAST_DURATION_MS);
}

function dismiss(id: number): void {
  if (waiting?.id === id) waiting = null;
  if (!items.some((t) => t.id === id)) return;
  items = [];
  const next = waiting;
  if (next) showNow(next);
  else emit();
}

/**
 * One toast at a time (issue 37: they never stack over the header or the page). A newer one
 * replaces it: an error at once, a success or info once the current one has stood TOAST_MIN_MS.
 */
function show(kind: ToastKind, message: string): number {
  const item = { id: nextId++, kind, message };
  const age = Date.now() - shownAt;
  if (items.length === 0 || kind === 'error' || age >= TOAST_MIN_MS) {
    showNow(item);
  } else {
    waiting = item;
    clearTimeout(waitTimer);
    waitTimer = setTimeout(() => {
      if (waiting) showNow(waiting);
    }, TOAST_MIN_MS - age);
  }
  return item.id;
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
