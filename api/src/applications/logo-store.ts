import { APPLICATION_LIMITS } from '@sso/shared/contract';
import type { Db } from '../db/database';
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
export function storeLogo(db: Db, base64: string, now: number): { id: number; file: string } {
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
  const id = Number(
    db.prepare('INSERT INTO app_logos (mime, bytes, created_at) VALUES (?, ?, ?)').run(type.mime, stored, now)
      .lastInsertRowid,
  );
  return { id, file: uploadFileName(id, type.ext) };
}

/** The file name of upload `id`, or undefined when there is none. */
export function uploadedLogoFile(db: Db, id: number): string | undefined {
  const row = db.prepare<[number], { mime: string }>('SELECT mime FROM app_logos WHERE id = ?').get(id);
  if (!row) return undefined;
  const ext = row.mime === 'image/png' ? 'png' : row.mime === 'image/jpeg' ? 'jpg' : 'svg';
  return uploadFileName(id, ext);
}

/** The bytes and type of an uploaded logo file name, when it names one. */
export function readUploadedLogo(db: Db, file: string): { mime: string; bytes: Buffer } | undefined {
  const match = UPLOAD_FILE.exec(file);
  if (!match) return undefined;
  const row = db
    .prepare<[number], { mime: string; bytes: Buffer }>('SELECT mime, bytes FROM app_logos WHERE id = ?')
    .get(Number(match[1]));
  // The extension must be the stored type's: one URL, one content type.
  return row && uploadedLogoFile(db, Number(match[1])) === file ? row : undefined;
}

/** How long an upload may wait for its form to be saved (a form left open over lunch keeps its logo). */
export const ABANDONED_LOGO_MS = 24 * 3_600_000;

/**
 * A logo is kept only with a saved application: uploads no application names, older than
 * `maxAgeMs`, are deleted (an abandoned Tambah/Edit Aplikasi form, a logo replaced since). Returns
 * how many went.
 */
export function pruneAbandonedLogos(db: Db, now: number, maxAgeMs = ABANDONED_LOGO_MS): number {
  return db
    .prepare(
      `DELETE FROM app_logos WHERE created_at < ?
       AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.logo_file GLOB 'upload-' || app_logos.id || '.*')`,
    )
    .run(now - maxAgeMs).changes;
}
