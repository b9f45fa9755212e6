// Prerendered auth screens in the host's page (ADR 0016). The auth remote's build writes each screen
// a visitor lands on to `prerender/<route>.html` beside its manifest (remote-auth/prerender.mjs); the
// host's page holds one server-side include where the screen goes, and both of the host's servers
// fill it with the auth remote's current file for the requested path: scripts/serve-static.mjs
// itself, nginx with its SSI module (scripts/nginx/config.mjs). Both fill the product name slot from
// config.json the same way, so both send the same bytes.

/** The remote whose published screens the host's servers include: the one owning the auth routes. */
export const PRERENDER_REMOTE = 'auth';

/** Where the host's page asks for the screen: an nginx SSI directive, read by the Node server too. */
export const PRERENDER_INCLUDE = '<!--# include virtual="/__prerendered$sso_prerender_path" -->';

/** A path that may have a prerendered screen: one lower-case segment ("/login"). */
export const PRERENDERABLE_PATH = /^\/[a-z][a-z-]{0,39}$/;

/** Filled by the server (remote-auth/src/shared/prerender/slots.ts). */
export const PRODUCT_NAME_SLOT = 'SSO_PRERENDER_PRODUCT_NAME';

/**
 * The page's data (ADR 0016, "The page's data"): the runtime config and the auth remote's current
 * manifest, put into the page by its servers as inert JSON (`type="application/json"`: never
 * executed, so the CSP is unchanged), read by the page script instead of fetching them. The entry
 * the manifest was read from is written beside it (a `<meta>`), so that the page uses it only for
 * that entry.
 */
export const INLINE_CONFIG_INCLUDE = '<!--# include virtual="/__inline/config.json" -->';
export const INLINE_MANIFEST_INCLUDE = '<!--# include virtual="/__inline/auth-manifest.json" -->';
/** nginx sets this variable in the page's location; the Node server writes the same value. */
export const INLINE_ENTRY_VARIABLE = 'sso_inline_auth_entry';
export const INLINE_ENTRY_ECHO = `<!--# echo var='${INLINE_ENTRY_VARIABLE}' -->`;
export const INLINE_DATA =
  `<script type="application/json" id="sso-config">${INLINE_CONFIG_INCLUDE}</script>` +
  `<meta name="sso-auth-manifest" content="${INLINE_ENTRY_ECHO}">` +
  `<script type="application/json" id="sso-auth-manifest">${INLINE_MANIFEST_INCLUDE}</script>`;

/** Longest wait for the auth remote's screen: a hung remote delays the page by at most this. */
export const PRERENDER_TIMEOUT_MS = 500;

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The product name as it goes into the page: HTML-escaped, and without characters an nginx string
 * could not hold literally (the generated configuration writes it into `sub_filter`).
 * @param {{ productName?: unknown }} config
 */
export function productNameHtml(config) {
  const name =
    typeof config.productName === 'string' && config.productName.trim()
      ? config.productName
      : 'SSO Admin Panel';
  return escapeHtml(name).replace(/[\\$\n\r]/g, '');
}

/**
 * Where the auth remote publishes its screens: its manifest's folder + `prerender/`. Null when the
 * config lists no auth remote (or an entry that is not http(s)).
 * @param {{ remotes?: { name?: string, entry?: string }[] }} config
 */
export function prerenderBase(config) {
  const remote = (config.remotes ?? []).find((r) => r.name === PRERENDER_REMOTE);
  if (!remote?.entry) return null;
  try {
    const url = new URL('prerender/', remote.entry);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * JSON as it goes into a `<script type="application/json">`: every `<` written `\u003c` (the same
 * JSON value; no `</script>` or `<!--` can end or change the element). nginx does it with
 * `sub_filter`, so the text is otherwise the file's own bytes.
 * @param {string} text
 */
export function inlineJson(text) {
  return text.split('<').join('\\u003c');
}

/**
 * An nginx SSI `echo` of a variable (its default `entity` encoding: `&`, `<`, `>` and `"`).
 * @param {string} text
 */
export function ssiEcho(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/**
 * The auth remote's manifest address the servers put into the page: its registered entry, when it
 * is http(s) and carries no query or fragment (nginx requests the path alone). Null otherwise.
 * @param {{ remotes?: { name?: string, entry?: string }[] }} config
 */
export function inlineManifestUrl(config) {
  const remote = (config.remotes ?? []).find((r) => r.name === PRERENDER_REMOTE);
  if (!remote?.entry) return null;
  try {
    const url = new URL(remote.entry);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.search || url.hash || url.href !== remote.entry) return null;
    return url;
  } catch {
    return null;
  }
}

/**
 * The auth remote's current manifest as text, or '' (none registered, the remote down, an error
 * status, a redirect or slower than PRERENDER_TIMEOUT_MS: the page script then fetches it, as before).
 * @param {{ remotes?: { name?: string, entry?: string }[] }} config
 */
export async function fetchInlineManifest(config) {
  const url = inlineManifestUrl(config);
  if (!url) return '';
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(PRERENDER_TIMEOUT_MS),
      headers: { 'Accept-Encoding': 'identity' },
      redirect: 'manual',
    });
    if (response.status !== 200) return '';
    return await response.text();
  } catch {
    return '';
  }
}

/**
 * The page's data in place of its includes: the config's own text and the manifest's, both as
 * inline JSON, and the entry the manifest came from. What both servers send.
 * @param {string} page @param {string} configText the config.json served ('' if none)
 * @param {string} manifestText @param {{ remotes?: { name?: string, entry?: string }[] }} config
 */
export function includeInlineData(page, configText, manifestText, config) {
  const entry = inlineManifestUrl(config)?.href ?? '';
  return page
    .split(INLINE_CONFIG_INCLUDE)
    .join(inlineJson(configText))
    .split(INLINE_MANIFEST_INCLUDE)
    .join(entry ? inlineJson(manifestText) : '')
    .split(INLINE_ENTRY_ECHO)
    .join(ssiEcho(entry));
}

/**
 * A screen as the build publishes it: a wrapper naming its route, the CSS it uses, and while it is
 * there the page's own root hidden (React renders into it; the screen leaves when the auth page
 * takes it over, or when the host shows anything else). No script: the page's CSP allows none.
 * @param {string} route @param {string} html @param {string} css
 */
export function fragmentDocument(route, html, css) {
  if (/<script/i.test(html) || /<script/i.test(css)) throw new Error(`prerendered ${route} holds a script`);
  return `<div data-sso-prerendered="${escapeHtml(route)}"><style>#root{display:none}${css}</style>${html}</div>\n`;
}

/**
 * The page with the screen in place of its include, the product name filled: what both servers send.
 * @param {string} page index.html as built
 * @param {string | null} fragment the remote's file, or null (no screen for this path, or no answer)
 * @param {{ productName?: unknown }} config
 */
export function includePrerendered(page, fragment, config) {
  const body = fragment ? fragment.split(PRODUCT_NAME_SLOT).join(productNameHtml(config)) : '';
  return page.split(PRERENDER_INCLUDE).join(body);
}

/**
 * The auth remote's current screen for `pathname`, or null (not one of its screens, the remote down
 * or slower than PRERENDER_TIMEOUT_MS: the page then paints when its script runs, as before).
 * @param {{ remotes?: { name?: string, entry?: string }[] }} config @param {string} pathname
 */
export async function fetchPrerendered(config, pathname) {
  const base = prerenderBase(config);
  if (!base || !PRERENDERABLE_PATH.test(pathname)) return null;
  try {
    const response = await fetch(new URL(`${pathname.slice(1)}.html`, base), {
      signal: AbortSignal.timeout(PRERENDER_TIMEOUT_MS),
      headers: { 'Accept-Encoding': 'identity' },
    });
    if (!response.ok) return null;
    const text = await response.text();
    return text.startsWith('<div data-sso-prerendered=') ? text : null;
  } catch {
    return null;
  }
}

/**
 * The rules of `css` the markup can use: a rule whose every selector names a class the markup lacks
 * is left out (the screens import the whole UI kit's styles; they use a few). At-rules are kept
 * whole, except @media/@supports, whose rules are filtered the same way.
 * @param {string} css @param {string} html
 */
export function usedCss(css, html) {
  const classes = new Set();
  for (const match of html.matchAll(/class="([^"]*)"/g))
    for (const name of match[1].split(/\s+/)) classes.add(name);
  const used = (selector) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((m) => classes.has(m[1]));
  /** @param {string} text @returns {string} */
  const filter = (text) => {
    let out = '';
    let i = 0;
    while (i < text.length) {
      const open = text.indexOf('{', i);
      if (open < 0) break;
      let depth = 1;
      let j = open + 1;
      while (j < text.length && depth > 0) {
        if (text[j] === '{') depth += 1;
        else if (text[j] === '}') depth -= 1;
        j += 1;
      }
      const prelude = text
        .slice(i, open)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .trim();
      const block = text.slice(open + 1, j - 1);
      if (/^@(media|supports)/.test(prelude)) {
        const inner = filter(block);
        if (inner) out += `${prelude}{${inner}}`;
      } else if (prelude.startsWith('@')) {
        out += `${prelude}{${block.trim()}}`;
      } else if (prelude.split(',').some((s) => used(s))) {
        out += `${prelude}{${block.trim().replace(/\s*\n\s*/g, '')}}`;
      }
      i = j;
    }
    return out;
  };
  return filter(css);
}
