import {
  PANEL_ACTIONS,
  REFERENCE_DATA_ACCESS,
  accessMapPaths,
  auditPaths,
  paths,
  twoStepPaths,
  userBulkPaths,
  type ActionRequirement,
  type PanelAction,
} from '@sso/shared/contract';

export type AdminMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What an admin route needs, beyond an app-1 session: at least one of `requires`. */
export interface AdminRoute {
  readonly method: AdminMethod;
  /** Path under the api prefix as registered (`:id` for the id segment). */
  readonly path: string;
  /** The contract's action (PANEL_ACTIONS), or reference data readable from either list. */
  readonly action: PanelAction | ApiOnlyAction | 'readReference';
  readonly requires: readonly ActionRequirement[];
}

/**
 * Actions of the api alone, each needing what a contract action needs: the panel asks that action's
 * question (its code, on every first screen, does not carry these names), while the audit log names
 * them apart. "Buat ulang secret" (issue 30) is an edit of the application.
 */
const API_ONLY_ACTIONS = {
  regenerateAppSecret: PANEL_ACTIONS.editApp,
  /** "Reset verifikasi dua langkah" (issue 31): an edit of the user's account. */
  resetUserTwoStep: PANEL_ACTIONS.editUser,
} as const satisfies Record<string, ActionRequirement>;
export type ApiOnlyAction = keyof typeof API_ONLY_ACTIONS;

const apiOnly = (method: AdminMethod, path: string, name: ApiOnlyAction): AdminRoute => ({
  method,
  path,
  action: name,
  requires: [API_ONLY_ACTIONS[name]],
});

const action = (method: AdminMethod, path: string, name: PanelAction): AdminRoute => ({
  method,
  path,
  action: name,
  requires: [PANEL_ACTIONS[name]],
});

const reference = (path: string): AdminRoute => ({
  method: 'GET',
  path,
  action: 'readReference',
  requires: REFERENCE_DATA_ACCESS,
});

/**
 * THE table of admin routes (DESIGN "Access control"): every route of the users, roles and
 * reference modules, with the app-1 menu and capability it needs, taken from the contract's
 * PANEL_ACTIONS so the panel asks the same question before it shows a button. A route registered
 * in the admin scope without a row here stops the api at start (admin-access.ts).
 */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  action('GET', paths.users.list, 'listUsers'),
  action('GET', paths.users.detail(':id'), 'listUsers'),
  action('POST', paths.users.create, 'createUser'),
  action('PATCH', paths.users.update(':id'), 'editUser'),
  action('DELETE', paths.users.remove(':id'), 'deleteUser'),
  action('DELETE', paths.users.bulkRemove, 'deleteUser'),
  action('GET', paths.users.account(':id'), 'viewUserAccount'),
  action('PATCH', paths.users.status(':id'), 'changeUserStatus'),
  action('PATCH', paths.users.bulkStatus, 'changeUserStatus'),
  action('DELETE', paths.users.sessions(':id'), 'endUserSessions'),
  action('DELETE', paths.users.session(':id', ':sessionId'), 'endUserSessions'),
  action('DELETE', paths.users.lock(':id'), 'unlockUser'),
  action('GET', twoStepPaths.user(':id'), 'viewUserAccount'),
  apiOnly('DELETE', twoStepPaths.user(':id'), 'resetUserTwoStep'),
  action('GET', userBulkPaths.export, 'exportUsers'),
  action('GET', userBulkPaths.importTemplate, 'importUsers'),
  action('POST', userBulkPaths.importCheck, 'checkUserImport'),
  action('POST', userBulkPaths.importCommit, 'importUsers'),
  action('PATCH', userBulkPaths.bulkRole, 'bulkEditUsers'),
  action('PATCH', userBulkPaths.bulkCompanies, 'bulkEditUsers'),
  action('GET', paths.roles.list, 'listRoles'),
  action('GET', paths.roles.detail(':id'), 'listRoles'),
  action('POST', paths.roles.create, 'createRole'),
  action('PATCH', paths.roles.update(':id'), 'editRole'),
  action('DELETE', paths.roles.remove(':id'), 'deleteRole'),
  action('DELETE', paths.roles.bulkRemove, 'deleteRole'),
  action('GET', paths.applications.list, 'listApps'),
  action('GET', paths.applications.detail(':id'), 'listApps'),
  action('POST', paths.applications.create, 'createApp'),
  action('PATCH', paths.applications.update(':id'), 'editApp'),
  action('DELETE', paths.applications.remove(':id'), 'deleteApp'),
  apiOnly('POST', paths.applications.regenerateSecret(':id'), 'regenerateAppSecret'),
  // A logo is uploaded from the add form or the edit form: either right will do.
  {
    ...action('POST', paths.applications.logo, 'uploadAppLogo'),
    requires: [PANEL_ACTIONS.createApp, PANEL_ACTIONS.editApp],
  },
  action('GET', paths.reference.employeeSearch, 'searchEmployees'),
  reference(paths.roles.all),
  reference(paths.reference.colors),
  reference(paths.reference.menuWithChild),
  reference(paths.reference.applications),
  reference(paths.reference.companies),
  action('GET', auditPaths.list, 'listAudit'),
  action('GET', auditPaths.export, 'listAudit'),
  action('GET', accessMapPaths.options, 'viewAccessMap'),
  action('GET', accessMapPaths.byPlace, 'viewAccessMap'),
  action('GET', accessMapPaths.byPlaceExport, 'viewAccessMap'),
  action('GET', accessMapPaths.people, 'viewAccessMap'),
  action('GET', accessMapPaths.byPerson(':id'), 'viewAccessMap'),
  action('GET', accessMapPaths.byPersonExport(':id'), 'viewAccessMap'),
];

const byKey = new Map(ADMIN_ROUTES.map((route) => [`${route.method} ${route.path}`, route]));

/** The row of a method and path (relative to the api prefix); HEAD is answered as GET. */
export function adminRouteFor(method: string, path: string): AdminRoute | undefined {
  return byKey.get(`${method === 'HEAD' ? 'GET' : method} ${path}`);
}
