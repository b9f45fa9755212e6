import {
  accessMapPaths,
  paths,
  type AccessMapOptions,
  type AccessMapPersonRow,
  type AccessMapPlaceRow,
  type Application,
  type Color,
  type Menu,
  type Role,
  type RoleDetail,
} from '@sso/shared/contract';
import {
  answer,
  apiUrl,
  failure,
  http,
  HttpResponse,
  listAnswer,
  recordScenarios,
  roleOptionsAnswer,
} from '@sso/shared/testing/fake-server';
import { createApplication, createColor, createMenuTree } from './factories';

/**
 * Named answers of the roles api for the fake server (`startFakeServer(...roleScenarios.reference())`,
 * `fakeServer.use(roleScenarios.list([...]))`), each body typed by the contract's response.
 */
export const roleScenarios = {
  ...recordScenarios<Role, RoleDetail>(paths.roles, {
    detail: 'Detail role',
    saved: 'Role berhasil diperbarui',
    deleted: 'Role berhasil dihapus',
  }),
  /** GET colors: the colours a role may take. */
  colors: (colors: readonly Color[] = [createColor(), createColor({ id: 2, hex_code: '#8e24aa' })]) =>
    http.get(apiUrl(paths.reference.colors), () => answer(colors)),
  /** GET applications: every application of the group. */
  applications: (apps: readonly Application[] = [createApplication()]) =>
    http.get(apiUrl(paths.reference.applications), () => answer(apps)),
  /** GET menu/with-child: the same menu tree for any application. */
  menus: (tree: readonly Menu[] = createMenuTree()) =>
    http.get(apiUrl(paths.reference.menuWithChild), () => answer(tree)),
  /** The role editor's reference data: colours, applications and their menus, and no role options. */
  reference: (apps?: readonly Application[], colors?: readonly Color[]) => [
    roleScenarios.colors(colors),
    roleScenarios.applications(apps),
    roleScenarios.menus(),
    roleOptionsAnswer([]),
  ],
  /** GET access-map/options: Peta Akses's filters (applications with menus, companies, roles). */
  accessMapOptions: (options: AccessMapOptions) =>
    http.get(apiUrl(accessMapPaths.options), () => answer(options)),
  /** GET access-map/by-place answers these rows (whatever the place and filters). */
  place: (rows: readonly AccessMapPlaceRow[], total = rows.length) =>
    http.get(apiUrl(accessMapPaths.byPlace), () => listAnswer(rows, total)),
  /** GET access-map/by-place fails with the api's message. */
  placeFails: (status: number, message: string) =>
    http.get(apiUrl(accessMapPaths.byPlace), () => failure(status, message)),
  /** GET access-map/people: the person picker's matches. */
  people: (people: readonly { id: number; nik: string; nama: string }[]) =>
    http.get(apiUrl(accessMapPaths.people), () => HttpResponse.json({ data: people })),
  /** GET access-map/by-person/{id}: one user's access rows, with who they are. */
  person: (
    rows: readonly AccessMapPersonRow[],
    user: { id: number; nik: string; nama: string; role_name: string; companies: string },
  ) =>
    http.get(apiUrl(accessMapPaths.byPerson(':id')), () =>
      HttpResponse.json({ data: rows, meta: { total: rows.length, user } }),
    ),
  /** GET access-map/by-person/{id} fails with the api's message (a user outside the scope: 404). */
  personFails: (status: number, message: string) =>
    http.get(apiUrl(accessMapPaths.byPerson(':id')), () => failure(status, message)),
  /** DELETE role/delete/bulk is refused with the api's message (a role still has members: 409). */
  bulkDeleteFails: (status: number, message: string) =>
    http.delete(apiUrl(paths.roles.bulkRemove), () => failure(status, message)),
};
