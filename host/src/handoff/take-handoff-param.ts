/** The raw `data` parameter of the handoff URL, held in memory only. */
let pending: string | null = null;

/**
 * Removes `data` from the address bar and history (replaceState) and keeps its value in memory for
 * the handoff screen. Runs before React renders anything.
 */
export function takeHandoffParam(
  location: Location = window.location,
  history: History = window.history,
): void {
  const url = new URL(location.href);
  if (!url.searchParams.has('data')) return;
  pending = url.searchParams.get('data');
  url.searchParams.delete('data');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Hands the parameter over once; a second read gets null (a reload cannot replay it). */
export function consumeHandoffParam(): string | null {
  const value = pending;
  pending = null;
  return value;
}
