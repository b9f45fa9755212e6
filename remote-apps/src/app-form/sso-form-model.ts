import { z } from 'zod';
import {
  ssoClientPayloadSchema,
  type SsoClient,
  type SsoClientPayload,
  type SsoClientType,
} from '@sso/shared/contract';

/**
 * "Integrasi SSO" in the application form: the form's shape (lists as `{ value }` rows, which
 * react-hook-form's field arrays need) and its explicit mappings to and from the contract. The
 * rules and messages are the contract's own (`ssoClientPayloadSchema`), checked on the payload and
 * placed back on the row they belong to, so the form and the api say the same thing.
 */
export interface UriRow {
  value: string;
}

export interface SsoFormValues {
  enabled: boolean;
  client_type: SsoClientType;
  redirect_uris: UriRow[];
  post_logout_redirect_uris: UriRow[];
  backchannel_logout_uri: string;
  initiate_login_uri: string;
}

export const emptySsoFormValues: SsoFormValues = {
  enabled: false,
  client_type: 'confidential',
  redirect_uris: [{ value: '' }],
  post_logout_redirect_uris: [],
  backchannel_logout_uri: '',
  initiate_login_uri: '',
};

const rows = (values: readonly string[]): UriRow[] => values.map((value) => ({ value }));

export function toSsoFormValues(client: SsoClient | null): SsoFormValues {
  if (!client) return emptySsoFormValues;
  return {
    enabled: true,
    client_type: client.client_type,
    redirect_uris: rows(client.redirect_uris),
    post_logout_redirect_uris: rows(client.post_logout_redirect_uris),
    backchannel_logout_uri: client.backchannel_logout_uri ?? '',
    initiate_login_uri: client.initiate_login_uri ?? '',
  };
}

/** The payload's `sso`: null when the integration is off (the api removes the client). */
export function toSsoPayload(values: SsoFormValues): SsoClientPayload | null {
  if (!values.enabled) return null;
  const trimmed = (list: readonly UriRow[]) => list.map((row) => row.value.trim());
  return {
    client_type: values.client_type,
    redirect_uris: trimmed(values.redirect_uris),
    post_logout_redirect_uris: trimmed(values.post_logout_redirect_uris),
    backchannel_logout_uri: values.backchannel_logout_uri.trim() || null,
    initiate_login_uri: values.initiate_login_uri.trim() || null,
  };
}

/** A contract path (`redirect_uris.1`) as the form names it (`redirect_uris.1.value`). */
function formPath(path: readonly PropertyKey[]): PropertyKey[] {
  const [head, index] = path;
  if ((head === 'redirect_uris' || head === 'post_logout_redirect_uris') && typeof index === 'number') {
    return [head, index, 'value'];
  }
  return [...path];
}

const uriRowSchema = z.object({ value: z.string() });

/** The section's schema: nothing to check while the integration is off. */
export const ssoFormSchema = z
  .object({
    enabled: z.boolean(),
    client_type: z.enum(['confidential', 'public']),
    redirect_uris: z.array(uriRowSchema),
    post_logout_redirect_uris: z.array(uriRowSchema),
    backchannel_logout_uri: z.string(),
    initiate_login_uri: z.string(),
  })
  .superRefine((values, ctx) => {
    const payload = toSsoPayload(values);
    if (payload === null) return;
    for (const issue of ssoClientPayloadSchema.safeParse(payload).error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: formPath(issue.path) });
    }
  });
