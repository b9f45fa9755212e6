import { api } from '@sso/shared/api';
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
import { userKeys, useWriteMutation } from '@sso/shared/query';
import { downloadCsv } from '@sso/shared/ui-data';

/** GET users/export with the list's search and filters (not its page): every matching user. */
export async function downloadUsersCsv(query: UserListQuery, today: string): Promise<void> {
  const { page: _page, perPage: _perPage, ...filters } = query;
  await downloadCsv(userBulkPaths.export, filters, `daftar-user-${today}.csv`);
}

/** GET users/import/template: the header and one example row. */
export async function downloadImportTemplate(): Promise<void> {
  await downloadCsv(userBulkPaths.importTemplate, {}, 'template-impor-user.csv');
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
  return useWriteMutation(
    async (token: string): Promise<ImportResult> =>
      (await api.post(userBulkPaths.importCommit, { token }, importResultResponseSchema)).data,
    userKeys.all(),
  );
}

/** PATCH users/bulk/role. */
export function useBulkRole() {
  return useWriteMutation(
    (payload: BulkRolePayload) => api.patch(userBulkPaths.bulkRole, payload, bulkUserChangeResponseSchema),
    userKeys.all(),
  );
}

/** PATCH users/bulk/companies. */
export function useBulkCompanies() {
  return useWriteMutation(
    (payload: BulkCompaniesPayload) =>
      api.patch(userBulkPaths.bulkCompanies, payload, bulkUserChangeResponseSchema),
    userKeys.all(),
  );
}
