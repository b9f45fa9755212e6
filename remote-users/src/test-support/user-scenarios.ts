import {
  bulkCompaniesPayloadSchema,
  bulkUserStatusPayloadSchema,
  type ImportCheck,
  type ImportResult,
  paths,
  twoStepPaths,
  userBulkPaths,
  type CompaniesResponse,
  type Company,
  type Employee,
  type RoleOption,
  type TwoStepStatus,
  type User,
  type UserAccount,
  type UserDetail,
  userStatusPayloadSchema,
} from '@sso/shared/contract';
import {
  answer,
  apiUrl,
  csvAnswer,
  failure,
  http,
  HttpResponse,
  inTurn,
  listAnswer,
  recordScenarios,
  roleOptionsAnswer,
  type Refusal,
} from '@sso/shared/testing/fake-server';
import { companies, createAccount, createRoleOption } from './factories';

/**
 * Named answers of the users api for the fake server (`startFakeServer(...userScenarios.reference())`,
 * `fakeServer.use(userScenarios.list([...]))`), each body typed by the contract's response.
 */
export const userScenarios = {
  ...recordScenarios<User, UserDetail>(paths.users, {
    detail: 'Detail user',
    saved: 'User berhasil diperbarui',
    deleted: 'User berhasil dihapus',
  }),
  /** GET users/list as Home's card asks it: `total` users, `added` of them since `created_from`. */
  counts: (total: number, added: number) =>
    http.get(apiUrl(paths.users.list), ({ request }) =>
      listAnswer([], new URL(request.url).searchParams.has('created_from') ? added : total),
    ),
  /** GET users/list never answers (the first load stays on screen). */
  listPending: () => http.get(apiUrl(paths.users.list), () => new Promise<never>(() => undefined)),
  /** GET company/companies-with-branches: the APs with their units (the factories' three by default). */
  companies: (rows: readonly Company[] = companies) =>
    http.get(apiUrl(paths.reference.companies), () =>
      HttpResponse.json<CompaniesResponse>({ message: 'OK', data: { data: [...rows] } }),
    ),
  /** GET role/all: the role options of the filter and the form (one Admin role by default). */
  roleOptions: (options: readonly RoleOption[] = [createRoleOption()]) => roleOptionsAnswer(options),
  /** GET users/{id}/account: the drawer's account part, for any user (with that user's id). */
  account: (overrides: Partial<UserAccount> = {}) =>
    http.get(apiUrl(paths.users.account(':id')), ({ params }) =>
      HttpResponse.json({ message: 'OK', data: createAccount({ id: Number(params.id), ...overrides }) }),
    ),
  /** GET users/{id}/account fails with the api's message (a role the reader's does not cover: 403). */
  accountFails: (status: number, message: string) =>
    http.get(apiUrl(paths.users.account(':id')), () => failure(status, message)),
  /** PATCH users/{id}/status succeeds with the api's message (the account as the body asked). */
  statusChanged: (message = 'User berhasil dinonaktifkan') =>
    http.patch(apiUrl(paths.users.status(':id')), async ({ params, request }) => {
      // `users/bulk/status` matches `users/:id/status` too: leave it to the bulk scenario.
      if (params.id === 'bulk') return undefined;
      const body = userStatusPayloadSchema.parse(await request.json());
      return answer(createAccount({ id: Number(params.id), is_active: body.is_active }), message);
    }),
  /** PATCH users/bulk/status succeeds with the api's message. */
  bulkStatusChanged: (message = '2 user berhasil dinonaktifkan') =>
    http.patch(apiUrl(paths.users.bulkStatus), async ({ request }) => {
      const { ids } = bulkUserStatusPayloadSchema.parse(await request.json());
      return answer({ ids, changed: ids.length }, message);
    }),
  /** GET user-temporary/search: the employee directory answers these (whatever the keyword). */
  employees: (rows: readonly Employee[]) =>
    http.get(apiUrl(paths.reference.employeeSearch), () => listAnswer(rows)),
  /** POST users answers these in turn: the created user, or a refusal. */
  creates: (...answers: readonly (UserDetail | Refusal)[]) =>
    http.post(apiUrl(paths.users.create), inTurn(answers, 'User berhasil ditambahkan')),
  /** GET users/export: the list's search and filters as CSV. */
  exportCsv: (csv = 'NIK,Nama\r\n') => http.get(apiUrl(userBulkPaths.export), () => csvAnswer(csv)),
  /** PATCH users/bulk/role is refused with the api's message. */
  bulkRoleFails: (status: number, message: string) =>
    http.patch(apiUrl(userBulkPaths.bulkRole), () => failure(status, message)),
  /** PATCH users/bulk/companies adds the APs and units with the api's message. */
  bulkCompaniesAdded: (message = 'AP/Unit berhasil ditambahkan') =>
    http.patch(apiUrl(userBulkPaths.bulkCompanies), async ({ request }) => {
      const { ids } = bulkCompaniesPayloadSchema.parse(await request.json());
      return answer({ ids, changed: ids.length }, message);
    }),
  /** GET users/import/template: the import's header. */
  importTemplate: (csv = 'NIK,Nama\r\n') =>
    http.get(apiUrl(userBulkPaths.importTemplate), () => csvAnswer(csv)),
  /** POST users/import/check answers this preview (whatever the file). */
  importChecked: (check: ImportCheck) => http.post(apiUrl(userBulkPaths.importCheck), () => answer(check)),
  /** POST users/import/check refuses the file with the api's message. */
  importCheckFails: (status: number, message: string) =>
    http.post(apiUrl(userBulkPaths.importCheck), () => failure(status, message)),
  /** POST users/import/commit writes the rows: this result. */
  importCommitted: (result: ImportResult) =>
    http.post(apiUrl(userBulkPaths.importCommit), () => answer(result)),
  /** DELETE users/{id}/sessions/{sessionId} ends one session with the api's message. */
  sessionEnded: (message = 'Sesi berhasil diakhiri') =>
    http.delete(apiUrl(paths.users.session(':id', ':sessionId')), () => answer({ ended: 1 }, message)),
  /** DELETE users/{id}/sessions/{sessionId} is refused with the api's message. */
  sessionEndFails: (status: number, message: string) =>
    http.delete(apiUrl(paths.users.session(':id', ':sessionId')), () => failure(status, message)),
  /** DELETE users/{id}/sessions ends them all with the api's message. */
  sessionsEnded: (message = '2 sesi berhasil diakhiri') =>
    http.delete(apiUrl(paths.users.sessions(':id')), () => answer({ ended: 2 }, message)),
  /** DELETE users/{id}/lock lifts the sign-in lock with the api's message. */
  lockLifted: (message = 'Blokir masuk berhasil dibuka') =>
    http.delete(apiUrl(paths.users.lock(':id')), () => answer({ ended: 1 }, message)),
  /** GET users/{id}/two-step answers these in turn: the drawer's two-step part (none by default). */
  twoStep: (...statuses: readonly TwoStepStatus[]) =>
    http.get(
      apiUrl(twoStepPaths.user(':id')),
      inTurn(statuses.length > 0 ? statuses : [{ factors: [], recovery_codes_left: 0, required: false }]),
    ),
  /** DELETE users/{id}/two-step resets the factors: the status after it. */
  twoStepReset: (status: TwoStepStatus) =>
    http.delete(apiUrl(twoStepPaths.user(':id')), () =>
      answer(status, 'Verifikasi dua langkah user diatur ulang'),
    ),
  /** The drawer's own reads for any user: its account and its two-step verification. */
  drawer: () => [userScenarios.account(), userScenarios.twoStep()],
  /** The reference data every users screen reads: companies and role options. */
  reference: () => [userScenarios.companies(), userScenarios.roleOptions()],
};
