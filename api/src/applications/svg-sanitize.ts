import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * SVG logos hold drawing only (issue 36, finding 6; ADR 0007 "Logos cannot act"). DOMPurify, with
 * its SVG profiles, is the judge: what it removes that could act (a script, a `foreignObject` and
 * whatever HTML it carries, an event attribute, a reference outside the file, a `javascript:` URL,
 * an embedded frame or object) refuses the upload with a message; what it removes that could not
 * (an editor's metadata, an unknown element) is dropped, and the sanitised drawing is stored. A
 * stored SVG is passed through again when served, so a file stored before this rule cannot act either.
 */

/** Elements whose presence refuses the upload: they run, fetch or show something that is not drawing. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'a',
  'animate',
  'set',
  'animatemotion',
  'animatetransform',
  'discard',
  'link',
  'meta',
  'base',
]);
const HTML_NS = 'http://www.w3.org/1999/xhtml';
/** A reference to something outside the file: a URL that is not a fragment (`#id`). */
const EXTERNAL_URL = /url\(\s*['"]?\s*(?!#)/i;

export const SVG_REFUSED =
  'Logo SVG hanya boleh berisi gambar: skrip, foreignObject, tautan ke luar, dan atribut peristiwa tidak diizinkan.';
export const SVG_UNREADABLE = 'Logo SVG tidak terbaca';

let purifier: DOMPurify | undefined;

function purify(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(new JSDOM('').window);
  // A reference is kept only inside the file (`#id`); anything else is an external reference.
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if ((name === 'href' || name === 'xlink:href') && !value.startsWith('#')) data.keepAttr = false;
    if (EXTERNAL_URL.test(value)) data.keepAttr = false;
  });
  // A <style> element that imports or points outside the file is removed (and so refuses the file).
  instance.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && /@import|url\(\s*['"]?\s*(?!#)/i.test(node.textContent ?? '')) {
      node.parentNode?.removeChild(node);
      instance.removed.push({ element: node });
    }
  });
  purifier = instance;
  return instance;
}

/** Whether one of DOMPurify's removals could act. */
function couldAct(removed: DOMPurify['removed'][number]): boolean {
  if ('attribute' in removed && removed.attribute) {
    const name = removed.attribute.name.toLowerCase();
    return (
      name.startsWith('on') ||
      name.endsWith('href') ||
      EXTERNAL_URL.test(removed.attribute.value) ||
      /javascript:/i.test(removed.attribute.value)
    );
  }
  if ('element' in removed && removed.element) {
    const element = removed.element;
    const name = element.nodeName.toLowerCase();
    if (name === 'body' || element.nodeType !== 1) return false;
    const namespace = 'namespaceURI' in element ? element.namespaceURI : null;
    return ACTIVE_ELEMENTS.has(name) || name === 'style' || namespace === HTML_NS;
  }
  return false;
}

export type SvgVerdict = { ok: true; svg: string } | { ok: false; message: string; svg: string };

/** The drawing of an SVG document, or why it is refused (with what would be left of it). */
export function sanitizeSvg(text: string): SvgVerdict {
  // Entity declarations are never drawing (and an expanding one is a denial of service).
  if (/<!ENTITY/i.test(text)) return { ok: false, message: SVG_REFUSED, svg: '' };
  const instance = purify();
  const svg = instance.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['foreignObject', 'a', 'animate', 'set', 'animateMotion', 'animateTransform'],
  });
  if (!/^<svg[\s>]/.test(svg)) return { ok: false, message: SVG_UNREADABLE, svg: '' };
  if (instance.removed.some(couldAct)) return { ok: false, message: SVG_REFUSED, svg };
  return { ok: true, svg };
}
