/**
 * Text the host's server fills in a prerendered screen (scripts/lib/prerendered.mjs, ADR 0016): the
 * product name of its config.json. Plain ASCII, so it survives HTML escaping unchanged.
 */
export const PRODUCT_NAME_SLOT = 'SSO_PRERENDER_PRODUCT_NAME';

/** The attribute on the prerendered screen's wrapper; its value is the route it was made for. */
export const PRERENDERED_ATTRIBUTE = 'data-sso-prerendered';
