import {
  USER_IMPORT_MAX_BYTES,
  type ImportCheck,
  type ImportRow,
  type ImportRowAction,
} from '@sso/shared/contract';
import { bulkTexts } from '../shared/bulk-texts';

/** What the page refuses before uploading (the api refuses the same, with the same words). */
export function fileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.csv$/i.test(file.name)) return bulkTexts.notCsv;
  if (file.size === 0) return bulkTexts.emptyFile;
  if (file.size > USER_IMPORT_MAX_BYTES) return bulkTexts.tooLarge;
  return null;
}

/** Rows shown for a filter (all when none). */
export function rowsOf(check: ImportCheck, filter: ImportRowAction | null): ImportRow[] {
  return filter === null ? check.rows : check.rows.filter((row) => row.action === filter);
}

/** How many users "Impor" writes: the rows to add and to update. */
export const importCount = (check: ImportCheck) => check.counts.create + check.counts.update;

/** Rows per page of the preview. */
export const PREVIEW_PAGE_SIZE = 50;
