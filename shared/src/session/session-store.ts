import { useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { clearSessionEndNotice } from './session-end-notice';
import { isExpired, sessionSchema, type Session } from './session-schema';

/** The one browser key of the session (spec 3: "stored in the browser under one key"). */
export const SESSION_KEY = 'sso.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: { raw: string | null; value: Session | null } = { raw: null, value: null };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): Session | null {
  if (raw === null) return null;
  try {
    const result = v.safeParse(sessionSchema, JSON.parse(raw));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/**
 * Reads and validates the stored session. The store is the one owner of expiry (spec 4 "Expiry
 * check"): a corrupted or expired value is removed and reads as none, and every subscriber (the
 * guards, which then go to '/') hears of it when the session expires while the page is open.
 */
export function readSession(): Session | null {
  const store = storage();
  const raw = store?.getItem(SESSION_KEY) ?? null;
  if (raw === cache.raw && !(cache.value && isExpired(cache.value))) return cache.value;
  const parsed = parse(raw);
  const value = parsed && isExpired(parsed) ? null : parsed;
  if (raw !== null && value === null) store?.removeItem(SESSION_KEY);
  cache = { raw: value === null ? null : raw, value };
  scheduleExpiry(value);
  return value;
}

let expiryTimer: ReturnType<typeof setTimeout> | undefined;

/** Wakes the subscribers when the current session expires (read again, it is then cleared). */
function scheduleExpiry(session: Session | null): void {
  clearTimeout(expiryTimer);
  if (typeof session?.expires_at !== 'number') return;
  // setTimeout overflows past ~24.8 days: wake up then and schedule again.
  const ms = Math.min(session.expires_at * 1000 - Date.now() + 1000, 2 ** 31 - 1);
  expiryTimer = setTimeout(notify, Math.max(ms, 0));
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function writeSession(session: Session): void {
  const parsed = v.parse(sessionSchema, session);
  storage()?.setItem(SESSION_KEY, JSON.stringify(parsed));
  // Signed in again: why the previous session ended is no longer news.
  clearSessionEndNotice();
  notify();
}

export function clearSession(): void {
  storage()?.removeItem(SESSION_KEY);
  notify();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Cross-tab sync: a logout (or login) in one tab reaches every open tab.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === null) notify();
  });
}

/** The current session, re-rendering on every change in this tab or another. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}
