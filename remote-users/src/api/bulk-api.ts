import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ResponseParser } from '@sso/shared/api';
import {
  bulkUserChangeResponseSchema,
  importCheckResponseSchema,
  importResultResponseSchema,
  userBulkPaths,
  type BulkCompaniesPayload,
  type BulkRolePayload,
  type ImportCheck,
  type ImportResult,
  type UserListQuery,
} from '@sso/shared/contract';
import { userKeys } from '@sso/shared/query';

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

/** GET users/export with the list's search and filters (not its page): every matching user. */
export async function downloadUsersCsv(query: UserListQuery, today: string): Promise<void> {
  const { page: _page, perPage: _perPage, ...filters } = query;
  saveCsv(await api.get(userBulkPaths.export, csvText, { params: filters }), `daftar-user-${today}.csv`);
}

/** GET users/import/template: the header and one example row. */
export async function downloadImportTemplate(): Promise<void> {
  saveCsv(await api.get(userBulkPaths.importTemplate, csvText), 'template-impor-user.csv');
}

/** POST users/import/check with the file itself: the preview; nothing is written. */
export async function checkImportFile(
  file: Blob,
  updateExisting: boolean,
  onProgress: (fraction: number) => void,
): Promise<ImportCheck> {
  const response = await api.post(userBulkPaths.importCheck, file, importCheckResponseSchema, {
    contentType: 'text/csv',
    params: updateExisting ? { update_existing: 1 } : {},
    onUploadProgress: onProgress,
  });
  return response.data;
}

/** POST users/import/commit: writes the rows the check kept, all or nothing. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<ImportResult> =>
      (await api.post(userBulkPaths.importCommit, { token }, importResultResponseSchema)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all() }),
  });
}

/** PATCH users/bulk/role. */
export function useBulkRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: BulkRolePayload) =>
      api.patch(userBulkPaths.bulkRole, payload, bulkUserChangeResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all() }),
  });
}

/** PATCH users/bulk/companies. */
export function useBulkCompanies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: BulkCompaniesPayload) =>
      api.patch(userBulkPaths.bulkCompanies, payload, bulkUserChangeResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all() }),
  });
}
