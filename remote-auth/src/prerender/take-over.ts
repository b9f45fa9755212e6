import { PRERENDERED_ATTRIBUTE } from './slots';

/** What the host's page script noted about the prerendered screen (host/early-fetch.js). */
interface PrerenderedNotes {
  /** The visitor pressed the screen's submit (Enter, Masuk) before React ran: held, not sent. */
  submitted?: boolean;
}

declare global {
  interface Window {
    __ssoPrerendered?: PrerenderedNotes;
  }
}

const TEXT_INPUT = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea';

/** Sets a field's value as typing would, so React's onChange (controlled fields) sees it too. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  if (field.value === value) return;
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * React takes over the prerendered screen of this route (ADR 0016): what the visitor typed into its
 * fields (those they changed) goes into the same fields of the rendered page (in order: both come from the same
 * components), the focus and caret follow, a submit pressed before the script ran is made now, and
 * the painted screen leaves, which shows the page's root. Returns whether there was one to take.
 */
export function takeOverPrerendered(container: HTMLElement, route: string): boolean {
  const painted = document.querySelector<HTMLElement>(`[${PRERENDERED_ATTRIBUTE}]`);
  if (!painted) return false;
  if (painted.getAttribute(PRERENDERED_ATTRIBUTE) !== route) {
    painted.remove();
    return false;
  }
  const from = [...painted.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_INPUT)];
  const to = [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_INPUT)];
  const active = document.activeElement;
  let focus: {
    field: HTMLInputElement | HTMLTextAreaElement;
    start: number | null;
    end: number | null;
  } | null = null;
  for (const [index, source] of from.entries()) {
    const target = to[index];
    if (!target) continue;
    // Only what the visitor typed: an untouched painted field leaves the page's own value (a phone
    // number remembered in this browser, say) as React rendered it.
    if (source.value !== source.defaultValue) typeInto(target, source.value);
    if (source === active) focus = { field: target, start: source.selectionStart, end: source.selectionEnd };
  }
  const notes = window.__ssoPrerendered;
  painted.remove();
  if (focus) {
    const { field, start, end } = focus;
    field.focus({ preventScroll: true });
    if (start !== null && end !== null) {
      try {
        field.setSelectionRange(start, end);
      } catch {
        // type=tel/password allow it; a type that does not keeps the browser's caret.
      }
    }
  }
  if (notes?.submitted) {
    notes.submitted = false;
    container.querySelector('form')?.requestSubmit();
  }
  return true;
}
