import { sql } from 'kysely';
import { APPLICATION_LIMITS } from '@sso/shared/contract';
import type { Q } from '../db/store';
import { fieldError } from '../http/errors';
import { sniffLogo } from './logo-sniff';
import { sanitizeSvg } from './svg-sanitize';

/** An uploaded logo's file name in `applications.logo_file` and its URL: `upload-<id>.<ext>`. */
const UPLOAD_FILE = /^upload-([0-9]{1,12})\.(png|jpg|svg)$/;

export const uploadFileName = (id: number, ext: string) => `upload-${id}.${ext}`;
export const isUploadFile = (file: string) => UPLOAD_FILE.test(file);

/**
 * POST applications/logo: at most 256 KB, PNG, JPEG or SVG as its bytes say (a PNG named `.svg` is
 * a PNG); an SVG holds drawing only (svg-sanitize.ts). Stored in the database; served by
 * `readUploadedLogo` with the type sniffed here.
 */
export async function storeLogo(q: Q, base64: string, now: number): Promise<{ id: number; file: string }> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw fieldError('logo', 'Logo tidak boleh kosong');
  if (bytes.length > APPLICATION_LIMITS.logoBytes) throw fieldError('logo', 'Ukuran logo maksimal 256 KB');
  const type = sniffLogo(bytes);
  if (!type) throw fieldError('logo', 'Logo harus berupa gambar PNG, JPEG atau SVG');
  let stored = bytes;
  if (type.ext === 'svg') {
    // Drawing only: refused when it holds what could act, else stored as DOMPurify left it.
    const verdict = sanitizeSvg(bytes.toString('utf8'));
    if (!verdict.ok) throw fieldError('logo', verdict.message);
    stored = Buffer.from(verdict.svg, 'utf8');
  }
  const { id } = await q
    .insertInto('app_logos')
    .values({ mime: type.mime, bytes: stored, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, file: uploadFileName(id, type.ext) };
}

const extOf = (mime: string) => (mime === 'image/png' ? 'png' : mime === 'image/jpeg' ? 'jpg' : 'svg');

/** The file name of upload `id`, or undefined when there is none. */
export async function uploadedLogoFile(q: Q, id: number): Promise<string | undefined> {
  const row = await q.selectFrom('app_logos').select('mime').where('id', '=', id).executeTakeFirst();
  return row ? uploadFileName(id, extOf(row.mime)) : undefined;
}

/** The bytes and type of an uploaded logo file name, when it names one. */
export async function readUploadedLogo(
  q: Q,
  file: string,
): Promise<{ mime: string; bytes: Buffer } | undefined> {
  const match = UPLOAD_FILE.exec(file);
  if (!match) return undefined;
  const id = Number(match[1]);
  const row = await q
    .selectFrom('app_logos')
    .select(['mime', 'bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
  // The extension must be the stored type's: one URL, one content type.
  return row && uploadFileName(id, extOf(row.mime)) === file
    ? { mime: row.mime, bytes: Buffer.from(row.bytes) }
    : undefined;
}

/** How long an upload may wait for its form to be saved (a form left open over lunch keeps its logo). */
export const ABANDONED_LOGO_MS = 24 * 3_600_000;

/**
 * A logo is kept only with a saved application: uploads no application names, older than
 * `maxAgeMs`, are deleted (an abandoned Tambah/Edit Aplikasi form, a logo replaced since). Returns
 * how many went.
 */
export async function pruneAbandonedLogos(q: Q, now: number, maxAgeMs = ABANDONED_LOGO_MS): Promise<number> {
  const result = await q
    .deleteFrom('app_logos')
    .where('created_at', '<', now - maxAgeMs)
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM applications a
        WHERE a.logo_file LIKE 'upload-' || CAST(app_logos.id AS TEXT) || '.%')`,
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
