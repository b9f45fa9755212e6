import type { ApplicationSavedResponse, ClientSecret } from '@sso/shared/contract';
import { toast } from '@sso/shared/ui';

/**
 * What Tambah and Edit Aplikasi do with the api's answer to a save: its message as a toast, and a
 * client secret the save made (a confidential client) handed to `showSecret`, to be shown this
 * once. Returns whether the form goes back to the list now (false while the secret is shown).
 */
export function announceSaved(
  response: ApplicationSavedResponse,
  showSecret: (secret: ClientSecret) => void,
): boolean {
  toast.success(response.message);
  const { sso, client_secret } = response.data;
  if (!sso || client_secret === undefined) return true;
  showSecret({ client_id: sso.client_id, client_secret });
  return false;
}
