/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma, semicolon or line break, quotes
 * doubled. A cell a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe first (OWASP "CSV injection"), so opening the export
 * runs nothing.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** Byte order mark: spreadsheet programs then read the file as UTF-8 (Indonesian names intact). */
export const UTF8_BOM = '\uFEFF';
