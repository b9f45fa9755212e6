import { auditPaths, type AuditListQuery } from '@sso/shared/contract';
import { downloadCsv } from '@sso/shared/ui-data';

/**
 * GET audit/export with the list's filters (not its page): the CSV of exactly the rows the list
 * filters to, newest first, at most AUDIT_EXPORT_MAX_ROWS. Saved as `log-aktivitas-<day>.csv`.
 */
export async function downloadAuditCsv(query: AuditListQuery, today: string): Promise<void> {
  const { page: _page, perPage: _perPage, ...filters } = query;
  await downloadCsv(auditPaths.export, filters, `log-aktivitas-${today}.csv`);
}
