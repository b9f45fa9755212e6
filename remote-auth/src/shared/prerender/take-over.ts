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
 * the painted screen leaves, which shows the page's root (the fields are filled in a microtask, still
 * before the browser paints). Returns whether there was one to take.
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
  // Read before the painted screen leaves (removing it moves the focus away).
  const typed = from.map((source) => ({
    // Only what the visitor typed: an untouched painted field leaves the page's own value (a phone
    // number remembered in this browser, say) as React rendered it.
    value: source.value !== source.defaultValue ? source.value : null,
    focused: source === active,
    start: source.selectionStart,
    end: source.selectionEnd,
  }));
  const notes = window.__ssoPrerendered;
  painted.remove();
  // After React's commit (this runs in a layout effect), before the browser paints: a controlled
  // field's onChange then updates its state as typing would (inside the commit React would put the
  // old value back).
  queueMicrotask(() => {
    typed.forEach((field, index) => {
      const target = to[index];
      if (!target) return;
      if (field.value !== null) typeInto(target, field.value);
      if (!field.focused) return;
      target.focus({ preventScroll: true });
      if (field.start === null || field.end === null) return;
      try {
        target.setSelectionRange(field.start, field.end);
      } catch {
        // type=tel/password allow it; a type that does not keeps the browser's caret.
      }
    });
    if (notes?.submitted) {
      notes.submitted = false;
      container.querySelector('form')?.requestSubmit();
    }
  });
  return true;
}
