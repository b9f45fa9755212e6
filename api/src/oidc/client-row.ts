/**
 * A row of `oidc_clients`, as App Management writes it and the provider reads it (the table is the
 * contract between the two; migration 17). URI lists are stored as JSON arrays of strings.
 */
export interface ClientColumns {
  client_id: string;
  client_type: 'confidential' | 'public';
  secret_hash: string | null;
  redirect_uris: string;
  post_logout_redirect_uris: string;
  backchannel_logout_uri: string | null;
  initiate_login_uri: string | null;
}

/** A stored URI list: the strings of its JSON array, or none when the text is not one. */
export function uriList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
