import { DEFAULT_ACCESS_LEVEL, type Menu } from '@sso/shared/contract';
import { createMenuTree } from '../test-support/factories';
import {
  grantedCount,
  isAppSelected,
  isChildChecked,
  levelOf,
  menuCheckState,
  normaliseSelection,
  setAppSelected,
  setChildChecked,
  setAllLevels,
  setLevel,
  setMenuChecked,
  type Selection,
} from './selection';

const tree = createMenuTree();
const [home, users, roles] = tree as [Menu, Menu, Menu];
const APP = 1;
const OTHER_APP = 2;

describe('role selection rules', () => {
  it('defaults the access level to viewer (3)', () => {
    expect(DEFAULT_ACCESS_LEVEL).toBe(3);
    expect(levelOf([], APP, home.id)).toBe(3);
    const selection = setChildChecked([], APP, users, 3, true);
    expect(levelOf(selection, APP, users.id)).toBe(3);
    expect(levelOf(selection, APP, 3, users.id)).toBe(3);
  });

  it('ticking a sub-menu ticks its application and its parent menu', () => {
    const selection = setChildChecked([], APP, users, 4, true);
    expect(isAppSelected(selection, APP)).toBe(true);
    expect(selection).toEqual([
      { apps_id: APP, menus: [{ id: users.id, access_level: 3, children: [{ id: 4, access_level: 3 }] }] },
    ]);
  });

  it('unticking the last menu removes the application', () => {
    let selection = setChildChecked([], APP, users, 3, true);
    selection = setMenuChecked(selection, APP, home, true);
    selection = setMenuChecked(selection, APP, home, false);
    expect(isAppSelected(selection, APP)).toBe(true);
    selection = setChildChecked(selection, APP, users, 3, false);
    expect(isAppSelected(selection, APP)).toBe(false);
    expect(selection).toEqual([]);
  });

  it('unticking the last sub-menu unticks its parent but keeps the other menus', () => {
    let selection = setMenuChecked([], APP, home, true);
    selection = setChildChecked(selection, APP, roles, 6, true);
    selection = setChildChecked(selection, APP, roles, 6, false);
    expect(menuCheckState(selection, APP, roles)).toBe(false);
    expect(menuCheckState(selection, APP, home)).toBe(true);
  });

  it.each<[string, (s: Selection) => Selection, boolean | 'indeterminate']>([
    ['nothing ticked', (s) => s, false],
    ['one of two sub-menus', (s) => setChildChecked(s, APP, users, 3, true), 'indeterminate'],
    [
      'both sub-menus',
      (s) => setChildChecked(setChildChecked(s, APP, users, 3, true), APP, users, 4, true),
      true,
    ],
    ['the parent itself', (s) => setMenuChecked(s, APP, users, true), true],
    [
      'the parent, then one sub-menu unticked',
      (s) => setChildChecked(setMenuChecked(s, APP, users, true), APP, users, 4, false),
      'indeterminate',
    ],
  ])('a parent with %s shows %s', (_label, build, expected) => {
    expect(menuCheckState(build([]), APP, users)).toBe(expected);
  });

  it('shows mixed for a parent granted without any of its sub-menus (as loaded from a role)', () => {
    const selection: Selection = [{ apps_id: APP, menus: [{ id: users.id, access_level: 2, children: [] }] }];
    expect(menuCheckState(selection, APP, users)).toBe('indeterminate');
  });

  it('a menu without sub-menus is simply ticked or not', () => {
    expect(menuCheckState([], APP, home)).toBe(false);
    expect(menuCheckState(setMenuChecked([], APP, home, true), APP, home)).toBe(true);
  });

  it('ticking a parent ticks all its sub-menus; unticking unticks them', () => {
    const on = setMenuChecked([], APP, roles, true);
    expect(isChildChecked(on, APP, roles.id, 6)).toBe(true);
    expect(isChildChecked(on, APP, roles.id, 7)).toBe(true);
    const off = setMenuChecked(on, APP, roles, false);
    expect(isChildChecked(off, APP, roles.id, 6)).toBe(false);
    expect(off).toEqual([]);
  });

  it('ticking a mixed parent keeps the levels already chosen', () => {
    let selection = setChildChecked([], APP, users, 3, true);
    selection = setLevel(selection, APP, users.id, 2);
    selection = setLevel(selection, APP, 3, 1, users.id);
    selection = setMenuChecked(selection, APP, users, true);
    expect(levelOf(selection, APP, users.id)).toBe(2);
    expect(levelOf(selection, APP, 3, users.id)).toBe(1);
    expect(levelOf(selection, APP, 4, users.id)).toBe(3);
  });

  it('switching an application on grants its whole tree at viewer; off removes it', () => {
    const on = setAppSelected([], APP, tree, true);
    expect(grantedCount(on, APP)).toBe(7);
    expect(
      on[0]?.menus.every((m) => m.access_level === 3 && m.children.every((c) => c.access_level === 3)),
    ).toBe(true);
    expect(setAppSelected(on, APP, tree, false)).toEqual([]);
  });

  it('switching on an application already chosen keeps its menus', () => {
    const partial = setChildChecked([], APP, users, 3, true);
    expect(setAppSelected(partial, APP, tree, true)).toBe(partial);
  });

  it('an application without menus can still be switched on', () => {
    expect(setAppSelected([], OTHER_APP, [], true)).toEqual([{ apps_id: OTHER_APP, menus: [] }]);
  });

  it('changes the level of ticked menus only', () => {
    const selection = setMenuChecked([], APP, home, true);
    expect(levelOf(setLevel(selection, APP, home.id, 1), APP, home.id)).toBe(1);
    expect(setLevel(selection, APP, users.id, 1)).toEqual(selection);
    expect(setLevel([], APP, home.id, 1)).toEqual([]);
  });

  it("a menu's level goes to its ticked sub-menus, which can still be changed one by one", () => {
    let selection = setMenuChecked([], APP, users, true);
    selection = setLevel(selection, APP, users.id, 1);
    expect(users.menu.map((child) => levelOf(selection, APP, child.id, users.id))).toEqual(
      users.menu.map(() => 1),
    );
    selection = setLevel(selection, APP, users.menu[0]!.id, 2, users.id);
    expect(levelOf(selection, APP, users.menu[0]!.id, users.id)).toBe(2);
    expect(levelOf(selection, APP, users.id)).toBe(1);
  });

  it('"Atur semua" sets every ticked menu and sub-menu of one application only', () => {
    let selection = setAppSelected([], APP, tree, true);
    selection = setChildChecked(selection, OTHER_APP, roles, 7, true);
    selection = setAllLevels(selection, APP, 2);
    expect(
      selection[0]?.menus.every((m) => m.access_level === 2 && m.children.every((c) => c.access_level === 2)),
    ).toBe(true);
    expect(levelOf(selection, OTHER_APP, 7, roles.id)).toBe(3);
    expect(setAllLevels([], APP, 1)).toEqual([]);
  });

  it('keeps applications apart and everything sorted by id', () => {
    let selection = setChildChecked([], OTHER_APP, roles, 7, true);
    selection = setChildChecked(selection, APP, roles, 7, true);
    selection = setChildChecked(selection, APP, roles, 6, true);
    selection = setMenuChecked(selection, APP, home, true);
    expect(selection.map((a) => a.apps_id)).toEqual([APP, OTHER_APP]);
    expect(selection[0]?.menus.map((m) => m.id)).toEqual([home.id, roles.id]);
    expect(selection[0]?.menus[1]?.children.map((c) => c.id)).toEqual([6, 7]);
    expect(normaliseSelection([...selection].reverse())).toEqual(selection);
  });
});
