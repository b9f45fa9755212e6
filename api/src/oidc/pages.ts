import { createHash } from 'node:crypto';

const STYLE = `body{margin:0;padding:0 16px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fb;color:#1f2937}
main{max-width:420px;margin:12vh auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(15,23,42,.08)}
h1{font-size:1.35rem;margin:0 0 12px}p{line-height:1.5;margin:0 0 20px;color:#4b5563}
.actions{display:flex;gap:12px;flex-wrap:wrap}
button,a.button{font:inherit;font-weight:600;padding:10px 18px;border-radius:8px;border:1px solid #2563eb;background:#2563eb;color:#fff;cursor:pointer;text-decoration:none}
button.secondary{background:#fff;color:#2563eb}`;

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Escapes text for HTML (names of applications come from the database). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export interface Page {
  html: string;
  /** Content-Security-Policy of the page: nothing but its own style (and script, by hash). */
  csp: string;
}

/**
 * A small Indonesian page of the SSO server itself (errors, refusals, logout): no external
 * resources, the inline style and the optional inline script allowed by their hashes only.
 */
export function renderPage(title: string, body: string, script?: string): Page {
  const html = `<!DOCTYPE html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main>${script ? `<script>${script}</script>` : ''}</body></html>`;
  const csp = [
    "default-src 'none'",
    `style-src ${hashOf(STYLE)}`,
    script ? `script-src ${hashOf(script)}` : "script-src 'none'",
    "form-action 'self' http: https:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return { html, csp };
}
