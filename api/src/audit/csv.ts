import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A cell a spreadsheet could read as a formula: starting with =, +, -, @, a tab or a carriage
 * return, also after leading spaces (issue 36: " =1+1") and in their full-width or other
 * compatibility forms (＝, ＋, －, ＠, which NFKC makes plain) or as a minus sign (U+2212).
 */
function looksLikeFormula(text: string): boolean {
  if (/^[\t\r]/.test(text)) return true;
  const start = text.normalize('NFKC').replace(/^[\s\p{Zs}]+/u, '');
  return /^[=+\-@\u2212]/.test(start);
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma, semicolon or line break, quotes
 * doubled. A cell a spreadsheet would read as a formula (`looksLikeFormula`) gets a leading
 * apostrophe first (OWASP "CSV injection"), so opening the export runs nothing.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (looksLikeFormula(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** Byte order mark: spreadsheet programs then read the file as UTF-8 (Indonesian names intact). */
export const UTF8_BOM = '\uFEFF';

/**
 * A CSV download: the BOM and the header line, then each chunk of lines pulled only as the client
 * reads (memory holds one chunk, whatever the row count; chunks may come from async reads). Used by every CSV export of the api
 * (Log Aktivitas, the users list).
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: ReadonlyArray<string>,
  chunks: Iterable<string> | AsyncIterable<string>,
): FastifyReply {
  const stream = Readable.from(
    (async function* lines() {
      yield UTF8_BOM + csvLine(header);
      yield* chunks;
    })(),
  );
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
