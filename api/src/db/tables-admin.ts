import type { Generated } from 'kysely';

/** An id the store generates on insert (an IDENTITY on PostgreSQL, AUTOINCREMENT on SQLite). */
type GeneratedId = Generated<number>;
/** A column with a default: optional on insert. */
type Defaulted<T> = Generated<T>;

/**
 * The administration side's tables as the data layer types them (ADR 0026): users, roles,
 * applications, menus, the audit and what hangs off them. Column types are what both stores give
 * back (times: milliseconds in a 64-bit integer where SQLite has an INTEGER time; the ISO texts
 * SQLite keeps in TEXT columns stay texts on both).
 */
export interface AdminTables {
  users: {
    id: GeneratedId;
    nama: string;
    nik: string;
    phone: string;
    email: string;
    role_id: number;
    password_hash: string | null;
    is_active: Defaulted<number>;
    client_group: string | null;
    created_at: string;
    updated_at: string;
    revision: Defaulted<number>;
    last_login_at: string | null;
    status_changed_at: string | null;
    status_changed_by: number | null;
    status_reason: string | null;
  };
  user_companies: { user_id: number; company_id: number };
  user_branches: { user_id: number; company_id: number; branch_id: number };
  user_imports: {
    id: GeneratedId;
    token: string;
    actor_id: number;
    created_at: number;
    update_existing: number;
    unchanged: number;
    rows: string;
    committed_at: number | null;
  };
  roles: {
    id: GeneratedId;
    name: string;
    name_key: string;
    descriptions: string | null;
    color_id: number;
    position: number;
    created_at: string;
    updated_at: string;
    revision: Defaulted<number>;
    admin_scope: Defaulted<'group' | 'own'>;
    requires_two_step: Defaulted<number>;
  };
  role_apps: { role_id: number; app_id: number };
  role_menus: { role_id: number; menu_id: number; access_level: number };
  applications: {
    id: GeneratedId;
    name: string;
    descriptions: string | null;
    url: string;
    logo_file: string;
  };
  app_logos: { id: GeneratedId; mime: string; bytes: Uint8Array; created_at: number };
  menus: {
    id: GeneratedId;
    app_id: number;
    parent_id: number | null;
    name: string;
    position: number;
    panel_key: string | null;
  };
  oidc_clients: {
    application_id: number;
    client_id: string;
    client_type: 'confidential' | 'public';
    secret_hash: string | null;
    redirect_uris: Defaulted<string>;
    post_logout_redirect_uris: Defaulted<string>;
    backchannel_logout_uri: string | null;
    initiate_login_uri: string | null;
    created_at: string;
    updated_at: string;
  };
  audit_events: {
    id: GeneratedId;
    at: number;
    actor_id: number | null;
    actor_nik: string | null;
    actor_name: string | null;
    action: string;
    target_type: string | null;
    target_id: string | null;
    target_label: string | null;
    result: 'done' | 'refused' | 'failed';
    status: number;
    reason: string | null;
    changes: string | null;
    ip: string | null;
    user_agent: string | null;
  };
  audit_prune: { cutoff: number };
}
