import {
  paths,
  type Application,
  type Color,
  type DeleteResponse,
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
  inTurn,
  listAnswer,
  roleOptionsAnswer,
  type Refusal,
} from '@sso/shared/testing/fake-server';
import { createApplication, createColor, createMenuTree } from './factories';

/**
 * Named answers of the roles api for the fake server (`startFakeServer(...roleScenarios.reference())`,
 * `fakeServer.use(roleScenarios.list([...]))`), each body typed by the contract's response.
 */
export const roleScenarios = {
  /** GET role/list answers these roles (every page, whatever the query). */
  list: (roles: readonly Role[], total = roles.length) =>
    http.get(apiUrl(paths.roles.list), () => listAnswer(roles, total)),
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
  /** GET role/detail/{id} answers these in turn (the last one from then on). */
  detail: (...answers: readonly (RoleDetail | Refusal)[]) =>
    http.get(apiUrl(paths.roles.detail(':id')), inTurn(answers, 'Detail role')),
  /** PATCH role/update/{id} answers these in turn: the saved role, or a refusal. */
  saves: (...answers: readonly (RoleDetail | Refusal)[]) =>
    http.patch(apiUrl(paths.roles.update(':id')), inTurn(answers, 'Role berhasil diperbarui')),
  /** DELETE role/delete/{id} deletes it with the api's message. */
  deleted: (message = 'Role berhasil dihapus') =>
    http.delete(apiUrl(paths.roles.remove(':id')), ({ params }) =>
      // `role/delete/bulk` matches `role/delete/:id` too: leave it to the bulk scenario.
      params.id === 'bulk'
        ? undefined
        : HttpResponse.json<DeleteResponse>({ message, data: { ids: [Number(params.id)], deleted: 1 } }),
    ),
  /** DELETE role/delete/bulk is refused with the api's message (a role still has members: 409). */
  bulkDeleteFails: (status: number, message: string) =>
    http.delete(apiUrl(paths.roles.bulkRemove), () => failure(status, message)),
};
