/** Image types an application logo may be, read from the bytes (never from the file name). */
export type LogoType =
  | { mime: 'image/png'; ext: 'png' }
  | { mime: 'image/jpeg'; ext: 'jpg' }
  | { mime: 'image/svg+xml'; ext: 'svg' };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);

/**
 * An SVG document: UTF-8 text whose first element, after an optional BOM, XML declaration,
 * comments, processing instructions and doctype, is `<svg`. Binary data (a NUL byte) is not text.
 */
function isSvg(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  const prolog = /^(?:\uFEFF)?(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*/i;
  const rest = text.slice(prolog.exec(text)?.[0].length ?? 0);
  return /^<svg[\s>/]/.test(rest);
}

/** The logo type of these bytes, or null when they are none of PNG, JPEG or SVG. */
export function sniffLogo(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, PNG)) return { mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, JPEG)) return { mime: 'image/jpeg', ext: 'jpg' };
  if (isSvg(bytes)) return { mime: 'image/svg+xml', ext: 'svg' };
  return null;
}
