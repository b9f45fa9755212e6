import { api, type ResponseParser } from '@sso/shared/api';
import { auditPaths, type AuditListQuery } from '@sso/shared/contract';

const csvText: ResponseParser<string> = {
  safeParse: (input) => (typeof input === 'string' ? { success: true, data: input } : { success: false }),
};

/** The browser decodes the answer and drops its byte order mark: the file gets it back. */
const BOM = '\uFEFF';

/**
 * GET audit/export with the list's filters (not its page): the CSV of exactly the rows the list
 * filters to, newest first, at most AUDIT_EXPORT_MAX_ROWS. Saved as `log-aktivitas-<day>.csv`.
 */
export async function downloadCsv(query: AuditListQuery, today: string): Promise<void> {
  const { page: _page, perPage: _perPage, ...filters } = query;
  const text = await api.get(auditPaths.export, csvText, { params: filters });
  const blob = new Blob([text.startsWith(BOM) ? text : BOM + text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `log-aktivitas-${today}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over (a revoked URL mid-download fails in some browsers).
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
