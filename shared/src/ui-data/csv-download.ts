import { api, type ResponseParser } from '@sso/shared/api';

/** An export's answer is CSV text, not JSON. */
const csvText: ResponseParser<string> = {
  safeParse: (input) => (typeof input === 'string' ? { success: true, data: input } : { success: false }),
};

/** The browser decodes the answer and drops its byte order mark: the file gets it back. */
const BOM = '\uFEFF';

/** Saves CSV text as a file (with the BOM spreadsheet programs need to read UTF-8). */
export function saveCsv(text: string, fileName: string): void {
  const blob = new Blob([text.startsWith(BOM) ? text : BOM + text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over (a revoked URL mid-download fails in some browsers).
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A list's "Unduh CSV": GET `path` with `params` (the list's search and filters, not its page) and
 * save the answer as `fileName`.
 */
export async function downloadCsv(
  path: string,
  params: Record<string, unknown>,
  fileName: string,
): Promise<void> {
  saveCsv(await api.get(path, csvText, { params }), fileName);
}
