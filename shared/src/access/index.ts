/**
 * `@sso/shared/access`: the access model (DESIGN "Access control"), one table for the api and the
 * panel: a role grants menus of app 1 (this panel) with a level (1 owner, 2 modifier, 3 viewer); an
 * action needs at least a level on the menu it belongs to. Imports nothing (no zod), so the first
 * screen's sidebar and guards may use it; `@sso/shared/contract` re-exports it for the api.
 */

/** Application id of this panel ("SSO Admin Panel") in the SSO's application list. */
export const SSO_PANEL_APP_ID = 1;

/** Access levels of a role's menu grant (spec 6): owner, modifier, viewer (the default). */
export const ACCESS_LEVEL = { owner: 1, modifier: 2, viewer: 3 } as const;
export type AccessLevel = (typeof ACCESS_LEVEL)[keyof typeof ACCESS_LEVEL];

/** What a screen or a route does with the data of a menu. */
export type Capability = 'view' | 'create' | 'edit' | 'delete';

/** Viewer reads; modifier also creates and edits; owner also deletes. */
export const REQUIRED_LEVEL: Readonly<Record<Capability, AccessLevel>> = {
  view: ACCESS_LEVEL.viewer,
  create: ACCESS_LEVEL.modifier,
  edit: ACCESS_LEVEL.modifier,
  delete: ACCESS_LEVEL.owner,
};

/**
 * The stable keys of app 1's menus: the identity the access model reads (`menus.panel_key`, set by
 * the migrations and the seed only, never by App Management). A key is not a display name: it
 * keeps its meaning whatever a menu is called, a menu without a key grants nothing of the panel,
 * and no other application's menu has one. The keys are spelled as the menus were first named, so
 * the descriptors of remotes deployed earlier keep naming the same menus.
 */
export const PANEL_MENU = {
  home: 'Home',
  users: 'User Management',
  userList: 'Daftar User',
  userCreate: 'Tambah User',
  roles: 'Role Management',
  roleList: 'Daftar Role',
  roleCreate: 'Tambah Role',
  apps: 'App Management',
  appList: 'Daftar Aplikasi',
  appCreate: 'Tambah Aplikasi',
  settings: 'Settings',
  audit: 'Log Aktivitas',
  /** Peta Akses (issue 32, ADR 0025): who reaches which application and menu, read only. */
  accessMap: 'Peta Akses',
} as const;
export type PanelMenu = (typeof PANEL_MENU)[keyof typeof PANEL_MENU];

/** App 1's keyed menus: each top-level key and the keys of its sub-menus (the panel's own tree). */
export const PANEL_MENU_TREE: ReadonlyArray<readonly [PanelMenu, readonly PanelMenu[]]> = [
  [PANEL_MENU.home, []],
  [PANEL_MENU.users, [PANEL_MENU.userList, PANEL_MENU.userCreate]],
  [PANEL_MENU.roles, [PANEL_MENU.roleList, PANEL_MENU.roleCreate]],
  [PANEL_MENU.apps, [PANEL_MENU.appList, PANEL_MENU.appCreate]],
  [PANEL_MENU.settings, []],
  [PANEL_MENU.audit, []],
  [PANEL_MENU.accessMap, []],
];

/**
 * The menus of app 1 whose owners keep the panel: at least one active user must own each of them
 * and every sub-menu under them (rule 4; the api reads the sub-menus from its menu tree, so a new
 * sub-menu counts at once). An administrative menu a later issue adds to app 1 joins this list.
 */
export const PANEL_KEEPER_MENUS: readonly PanelMenu[] = [
  PANEL_MENU.users,
  PANEL_MENU.roles,
  PANEL_MENU.apps,
  PANEL_MENU.audit,
  PANEL_MENU.accessMap,
];

/**
 * Which menu, at which capability, an admin action belongs to. The api's route table maps each
 * route to one of these; the panel asks the same question before it renders a button or a page.
 */
export const PANEL_ACTIONS = {
  listUsers: { menu: PANEL_MENU.userList, capability: 'view' },
  createUser: { menu: PANEL_MENU.userCreate, capability: 'create' },
  editUser: { menu: PANEL_MENU.userList, capability: 'edit' },
  deleteUser: { menu: PANEL_MENU.userList, capability: 'delete' },
  // Account lifecycle: an editor of users sees and manages status, sessions and sign-in locks.
  viewUserAccount: { menu: PANEL_MENU.userList, capability: 'edit' },
  changeUserStatus: { menu: PANEL_MENU.userList, capability: 'edit' },
  endUserSessions: { menu: PANEL_MENU.userList, capability: 'edit' },
  unlockUser: { menu: PANEL_MENU.userList, capability: 'edit' },
  // Users in bulk (issue 33): export who may read the list, import who may add users, bulk changes
  // who may edit them (each user then passes the privilege rules).
  exportUsers: { menu: PANEL_MENU.userList, capability: 'view' },
  importUsers: { menu: PANEL_MENU.userCreate, capability: 'create' },
  checkUserImport: { menu: PANEL_MENU.userCreate, capability: 'create' },
  bulkEditUsers: { menu: PANEL_MENU.userList, capability: 'edit' },
  searchEmployees: { menu: PANEL_MENU.userCreate, capability: 'create' },
  listRoles: { menu: PANEL_MENU.roleList, capability: 'view' },
  createRole: { menu: PANEL_MENU.roleCreate, capability: 'create' },
  editRole: { menu: PANEL_MENU.roleList, capability: 'edit' },
  deleteRole: { menu: PANEL_MENU.roleList, capability: 'delete' },
  listApps: { menu: PANEL_MENU.appList, capability: 'view' },
  createApp: { menu: PANEL_MENU.appCreate, capability: 'create' },
  editApp: { menu: PANEL_MENU.appList, capability: 'edit' },
  deleteApp: { menu: PANEL_MENU.appList, capability: 'delete' },
  /** A logo uploaded from the add or the edit form (the api's route accepts either right). */
  uploadAppLogo: { menu: PANEL_MENU.appCreate, capability: 'create' },
  listAudit: { menu: PANEL_MENU.audit, capability: 'view' },
  viewAccessMap: { menu: PANEL_MENU.accessMap, capability: 'view' },
} as const satisfies Record<string, { menu: PanelMenu; capability: Capability }>;
export type PanelAction = keyof typeof PANEL_ACTIONS;

/** One requirement: at least `capability` on `menu` of app 1. */
export interface ActionRequirement {
  readonly menu: PanelMenu;
  readonly capability: Capability;
}

/**
 * Reference data (colours, applications, menu trees, companies with units, the role options) feeds
 * the user and role screens and their filters: whoever may view either list may read it.
 */
export const REFERENCE_DATA_ACCESS: readonly ActionRequirement[] = [
  PANEL_ACTIONS.listUsers,
  PANEL_ACTIONS.listRoles,
];

/**
 * The part of a role's application grant (`user_menu` of api/me) the model reads. `key` is the
 * menu's panel key (PANEL_MENU), null for a menu that has none; `name` is only what it is called.
 */
export interface GrantedApp {
  apps_id: number | string;
  menus: ReadonlyArray<{
    key?: string | null;
    name: string;
    acces_level: number;
    children?: ReadonlyArray<{ key?: string | null; name: string; acces_level: number }> | null;
  }>;
}

const asLevel = (value: number): AccessLevel | null =>
  value === 1 || value === 2 || value === 3 ? value : null;

/** The grant of app `appId` in a user_menu, or undefined when the role does not grant the app. */
export function grantedApp(
  userMenu: readonly GrantedApp[] | null | undefined,
  appId: number | string = SSO_PANEL_APP_ID,
): GrantedApp | undefined {
  return userMenu?.find((app) => String(app.apps_id) === String(appId));
}

/**
 * The level granted on a menu or sub-menu of app 1, found by its panel key (never by its name), or
 * null when it is not granted. A sub-menu counts only under a granted parent; its own level decides.
 */
export function menuLevel(
  userMenu: readonly GrantedApp[] | null | undefined,
  menu: string,
): AccessLevel | null {
  const app = grantedApp(userMenu, SSO_PANEL_APP_ID);
  if (!app) return null;
  for (const top of app.menus) {
    if (top.key === menu) return asLevel(top.acces_level);
    const child = top.children?.find((c) => c.key === menu);
    if (child) return asLevel(child.acces_level);
  }
  return null;
}

/** Whether a granted level allows a capability (a lower number is more access). */
export function allows(level: AccessLevel | null, capability: Capability): boolean {
  return level !== null && level <= REQUIRED_LEVEL[capability];
}

/** Whether the grants allow an action on a menu. */
export function canDo(
  userMenu: readonly GrantedApp[] | null | undefined,
  menu: string,
  capability: Capability,
): boolean {
  return allows(menuLevel(userMenu, menu), capability);
}

/** Whether the grants meet at least one of the requirements (e.g. `REFERENCE_DATA_ACCESS`). */
export function canDoAny(
  userMenu: readonly GrantedApp[] | null | undefined,
  requirements: readonly ActionRequirement[],
): boolean {
  return requirements.some(({ menu, capability }) => canDo(userMenu, menu, capability));
}

/** Message of a 403 for a level too low (the api sends it; the panel shows it as is). */
export const ACCESS_DENIED_MESSAGE = 'Anda tidak memiliki akses untuk tindakan ini';
/** Message of a login by an employee whose role has no grant of this panel. */
export const NO_PANEL_ACCESS_MESSAGE = 'Akun Anda tidak memiliki akses ke SSO Admin Panel';

export * from './privilege';
