import {
  paths,
  type ApplicationDetail,
  type AvailableApp,
  type ManagedApplication,
} from '@sso/shared/contract';

/** An application available-apps answers, with its client's "URL mulai masuk" (issue 30). */
type YourApp = AvailableApp & { initiate_login_uri?: string | null };
import { answer, apiUrl, http, inTurn, recordScenarios, type Refusal } from '@sso/shared/testing/fake-server';

/**
 * Named answers of the applications api for the fake server (`startFakeServer(appScenarios.list([...]))`),
 * each body typed by the contract's response.
 */
export const appScenarios = {
  ...recordScenarios<ManagedApplication, ApplicationDetail>(paths.applications, {
    detail: 'Detail aplikasi',
    saved: 'Aplikasi berhasil diperbarui',
    deleted: 'Aplikasi berhasil dihapus',
  }),
  /** GET session/available-apps answers these (Home's "Aplikasi Anda"). */
  yourApps: (...answers: readonly (readonly YourApp[] | Refusal)[]) =>
    http.get(apiUrl(paths.session.availableApps), inTurn(answers, 'Daftar aplikasi yang dapat diakses')),
  /** POST applications/sso-secret/{id}: a new secret for the confidential client. */
  secretRegenerated: (clientId: string, secret: string) =>
    http.post(apiUrl(paths.applications.regenerateSecret(':id')), () =>
      answer({ client_id: clientId, client_secret: secret }, 'Secret baru berhasil dibuat'),
    ),
};
