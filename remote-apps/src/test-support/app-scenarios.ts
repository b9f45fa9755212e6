import {
  paths,
  type ApplicationDetail,
  type AvailableApp,
  type ManagedApplication,
} from '@sso/shared/contract';

/** An application available-apps answers, with its client's "URL mulai masuk" (issue 30). */
type YourApp = AvailableApp & { initiate_login_uri?: string | null };
import {
  answer,
  apiUrl,
  failure,
  http,
  inTurn,
  listAnswer,
  type Refusal,
} from '@sso/shared/testing/fake-server';

/**
 * Named answers of the applications api for the fake server (`startFakeServer(appScenarios.list([...]))`),
 * each body typed by the contract's response.
 */
export const appScenarios = {
  /** GET applications/list answers these applications (every page, whatever the query). */
  list: (apps: readonly ManagedApplication[], total = apps.length) =>
    http.get(apiUrl(paths.applications.list), () => listAnswer(apps, total)),
  /** GET applications/list fails with the api's message. */
  listFails: (status = 500, message = 'Server sedang bermasalah') =>
    http.get(apiUrl(paths.applications.list), () => failure(status, message)),
  /** GET applications/detail/{id} answers these in turn (the last one from then on). */
  detail: (...answers: readonly (ApplicationDetail | Refusal)[]) =>
    http.get(apiUrl(paths.applications.detail(':id')), inTurn(answers, 'Detail aplikasi')),
  /** PATCH applications/update/{id} answers these in turn: the saved application, or a refusal. */
  saves: (...answers: readonly (ApplicationDetail | Refusal)[]) =>
    http.patch(apiUrl(paths.applications.update(':id')), inTurn(answers, 'Aplikasi berhasil diperbarui')),
  /** DELETE applications/delete/{id} deletes it with the api's message. */
  deleted: (message = 'Aplikasi berhasil dihapus') =>
    http.delete(apiUrl(paths.applications.remove(':id')), ({ params }) =>
      answer({ ids: [Number(params.id)], deleted: 1 }, message),
    ),
  /** DELETE applications/delete/{id} is refused with the api's message. */
  deleteFails: (status: number, message: string) =>
    http.delete(apiUrl(paths.applications.remove(':id')), () => failure(status, message)),
  /** GET session/available-apps answers these (Home's "Aplikasi Anda"). */
  yourApps: (...answers: readonly (readonly YourApp[] | Refusal)[]) =>
    http.get(apiUrl(paths.session.availableApps), inTurn(answers, 'Daftar aplikasi yang dapat diakses')),
  /** POST applications/sso-secret/{id}: a new secret for the confidential client. */
  secretRegenerated: (clientId: string, secret: string) =>
    http.post(apiUrl(paths.applications.regenerateSecret(':id')), () =>
      answer({ client_id: clientId, client_secret: secret }, 'Secret baru berhasil dibuat'),
    ),
};
