import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { HttpError, unprocessable } from '../../http/errors';

/** One record of an uploaded CSV: its cells and the line of the file it ends on (the spreadsheet row). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export interface UploadLimits {
  maxBytes: number;
  /** Data rows after the header. */
  maxRows: number;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    { message: `Ukuran berkas melebihi batas ${megabytes(maxBytes)}. Bagi berkas menjadi beberapa bagian.` },
    { connection: 'close' },
  );

export const NOT_TEXT_MESSAGE =
  'Berkas bukan CSV teks. Simpan berkas dari spreadsheet sebagai "CSV UTF-8" lalu unggah lagi.';
export const EMPTY_FILE_MESSAGE = 'Berkas kosong. Gunakan template dari "Unduh template".';

/** Longest line the parser accepts (a row of 10 cells never needs more). */
const MAX_RECORD_BYTES = 64 * 1024;

/**
 * The delimiter of a file, from its header line: a semicolon when the line holds more of them than
 * commas (spreadsheet programs in Indonesian locales save `;`), else a comma.
 */
export function delimiterOf(headerLine: string): ',' | ';' {
  const count = (ch: string) => headerLine.split(ch).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Reads an uploaded CSV as it arrives (never the whole body at once): counts bytes against
 * `maxBytes` (413), refuses bytes that are not UTF-8 text (422: a binary file renamed .csv, a
 * spreadsheet saved in another encoding), drops a leading byte order mark, takes a comma or a
 * semicolon as the header line shows, and yields the records; more than `maxRows` data rows is 422
 * before the rest is read. Blank lines and rows of empty cells are skipped.
 */
export async function* readCsvUpload(body: Readable, limits: UploadLimits): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let pending = '';
  let bytes = 0;
  let rows = 0;
  // Once the reading stops (a refusal, or the caller is done), the rest of the body is read and
  // dropped: the answer (413, 422) can still be sent on the connection, and nothing is held.
  let stopped = false;

  let resolveParser!: (p: Parser) => void;
  const ready = new Promise<Parser>((resolve) => {
    resolveParser = resolve;
  });
  let parser: Parser | undefined;
  const start = (headerLine: string) => {
    parser = parse({
      delimiter: delimiterOf(headerLine),
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_BYTES,
      info: true,
    });
    resolveParser(parser);
    return parser;
  };
  const fail = (error: Error) => {
    stopped = true;
    (parser ?? start('')).destroy(error);
  };
  const decode = (buffer?: Buffer) => {
    try {
      return buffer ? decoder.decode(buffer, { stream: true }) : decoder.decode();
    } catch {
      return undefined;
    }
  };

  const feed = async () => {
    for await (const chunk of body) {
      if (stopped) continue;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      bytes += buffer.length;
      if (bytes > limits.maxBytes) {
        fail(tooLarge(limits.maxBytes));
        continue;
      }
      const text = buffer.includes(0) ? undefined : decode(buffer);
      if (text === undefined) {
        fail(unprocessable(NOT_TEXT_MESSAGE));
        continue;
      }
      pending += text;
      let writing = parser;
      if (!writing) {
        // The delimiter is read from the header line: wait for all of it.
        const newline = pending.search(/\r?\n/);
        if (newline < 0 && pending.length < MAX_RECORD_BYTES) continue;
        writing = start(newline < 0 ? pending : pending.slice(0, newline));
      }
      const flowing = writing.write(pending);
      pending = '';
      if (!flowing) await drainedOrClosed(writing);
    }
    if (stopped) return;
    const rest = decode();
    if (rest === undefined) {
      fail(unprocessable(NOT_TEXT_MESSAGE));
      return;
    }
    const text = pending + rest;
    (parser ?? start(text.split(/\r?\n/)[0] ?? '')).end(text);
  };
  const feeding = feed().catch((error: unknown) => {
    // The connection failed mid-upload (the browser closed): nothing was written.
    fail(error instanceof Error ? error : new Error(String(error)));
  });

  const records = await ready;
  try {
    for await (const item of records) {
      if (!isRecord(item)) continue;
      const cells = item.record;
      if (cells.every((cell) => cell.trim() === '')) continue;
      if (rows > limits.maxRows) {
        throw unprocessable(
          `Berkas berisi lebih dari ${limits.maxRows.toLocaleString('id-ID')} baris data. Bagi berkas menjadi beberapa bagian.`,
        );
      }
      rows += 1;
      yield { line: item.info.lines, cells };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The parser's own refusal (an unclosed quote, a line too long): not a CSV this reads.
    const where = error instanceof CsvError && typeof error.lines === 'number' ? error.lines : undefined;
    throw unprocessable(
      `Berkas CSV tidak dapat dibaca${where ? ` (baris ${where})` : ''}: pastikan tanda kutip berpasangan dan setiap baris berisi satu user.`,
    );
  } finally {
    stopped = true;
    if (!records.destroyed) records.destroy();
    void feeding;
  }
  if (rows === 0) throw unprocessable(EMPTY_FILE_MESSAGE);
}

type Parser = ReturnType<typeof parse>;

/** Resolves when the parser takes more input, or is closed (the reading stopped). */
function drainedOrClosed(parser: Parser): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off('drain', done);
      parser.off('close', done);
      resolve();
    };
    parser.on('drain', done);
    parser.on('close', done);
  });
}

/** A record as the parser gives it with `info: true`. */
function isRecord(item: unknown): item is { record: string[]; info: { lines: number } } {
  if (typeof item !== 'object' || item === null || !('record' in item) || !('info' in item)) return false;
  const { record, info } = item;
  return (
    Array.isArray(record) &&
    record.every((cell) => typeof cell === 'string') &&
    typeof info === 'object' &&
    info !== null &&
    'lines' in info &&
    typeof info.lines === 'number'
  );
}
