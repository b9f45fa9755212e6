import { useMemo } from 'react';
import * as v from 'valibot';
import {
  allows,
  grantedApp,
  menuLevel,
  PANEL_ACTIONS,
  type ActionRequirement,
  type PanelAction,
  type AccessLevel,
  type Capability,
  type GrantedApp,
} from '@sso/shared/access';
import type { Session } from './session-schema';
import { useSession } from './session-store';

const menuEntrySchema = v.looseObject({ name: v.string(), acces_level: v.number() });
const grantedAppSchema = v.looseObject({
  apps_id: v.union([v.number(), v.string()]),
  menus: v.array(
    v.looseObject({
      name: v.string(),
      acces_level: v.number(),
      children: v.nullish(v.array(menuEntrySchema)),
    }),
  ),
});

const isGrantedApp = (value: unknown): value is GrantedApp => v.is(grantedAppSchema, value);

/**
 * The grants of a stored session (`user_menu` of api/me). The session keeps them as unknown data;
 * an entry of the wrong shape grants nothing.
 */
export function sessionGrants(session: Pick<Session, 'user_menu'> | null): GrantedApp[] {
  return (session?.user_menu ?? []).filter(isGrantedApp);
}

/** Whether the session's role grants this panel at all (Home needs only that). */
export function hasPanelAccess(session: Pick<Session, 'user_menu'> | null): boolean {
  return grantedApp(sessionGrants(session)) !== undefined;
}

export interface Access {
  /** Level granted on the menu, or null when it is not granted. */
  level: AccessLevel | null;
  can: (capability: Capability) => boolean;
  canView: boolean;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export function accessOf(session: Pick<Session, 'user_menu'> | null, menu: string): Access {
  const level = menuLevel(sessionGrants(session), menu);
  const can = (capability: Capability) => allows(level, capability);
  return {
    level,
    can,
    canView: can('view'),
    canCreate: can('create'),
    canEdit: can('edit'),
    canDelete: can('delete'),
  };
}

/**
 * What the logged-in user may do on a menu of this panel (DESIGN "Access control"): viewer reads,
 * modifier also creates and edits, owner also deletes. The api enforces the same table; screens
 * use this to leave out what would be refused.
 */
export function useAccess(menu: string): Access {
  const session = useSession();
  return useMemo(() => accessOf(session, menu), [session, menu]);
}

/** Whether the session's grants allow an action (`PANEL_ACTIONS`, the table the api checks too). */
export function allowsAction(
  session: Pick<Session, 'user_menu'> | null,
  action: PanelAction | ActionRequirement,
): boolean {
  const { menu, capability } = typeof action === 'string' ? PANEL_ACTIONS[action] : action;
  return accessOf(session, menu).can(capability);
}

/**
 * What the logged-in user may do, asked per action of `PANEL_ACTIONS` (`can('deleteUser')`): the
 * same declaration the api's route table checks, so a page shows a button exactly when the api
 * would accept its call.
 */
export function useCan(): (action: PanelAction | ActionRequirement) => boolean {
  const session = useSession();
  return useMemo(() => (action: PanelAction | ActionRequirement) => allowsAction(session, action), [session]);
}
