import { covers, grantableLevels, heldLevel, type GrantedApp, type Grants } from '.';

const app = (apps_id: number, menus: Array<[string, number, Array<[string, number]>?]> = []): GrantedApp => ({
  apps_id,
  menus: menus.map(([name, acces_level, children = []]) => ({
    name,
    acces_level,
    children: children.map(([childName, childLevel]) => ({ name: childName, acces_level: childLevel })),
  })),
});

const users = (level: number, list = level, create = level) =>
  [
    'User Management',
    level,
    [
      ['Daftar User', list],
      ['Tambah User', create],
    ],
  ] as [string, number, Array<[string, number]>];

const superAdmin: Grants = [app(1, [users(1), ['Role Management', 1]]), app(2, [['Payroll', 1]])];
const admin: Grants = [app(1, [users(2), ['Role Management', 2]])];
const viewer: Grants = [app(1, [users(3), ['Role Management', 3]])];
const adminNoCreate: Grants = [app(1, [users(2, 2, 3)])];
const payrollOnly: Grants = [app(2, [])];

describe('covers', () => {
  it.each<[string, Grants, Grants, boolean]>([
    ['a role covers itself', admin, admin, true],
    ['owner covers modifier', superAdmin, admin, true],
    ['modifier covers viewer', admin, viewer, true],
    ['modifier does not cover owner', admin, superAdmin, false],
    ['viewer does not cover modifier', viewer, admin, false],
    ['anything covers no grants', viewer, [], true],
    ['no grants cover no grants', null, undefined, true],
    ['no grants do not cover a viewer', [], viewer, false],
    ['a stronger sub-menu is not covered', adminNoCreate, admin, false],
    ['a weaker sub-menu is covered', admin, adminNoCreate, true],
    ['an application without menus still needs the app', admin, payrollOnly, false],
    ['an application granted covers its bare grant', superAdmin, payrollOnly, true],
    [
      'the same menu name in another app is another grant',
      [app(2, [['Role Management', 1]])],
      [app(1, [['Role Management', 3]])],
      false,
    ],
    ['app ids as strings and numbers are one app', [{ apps_id: '1', menus: [] }], [app(1)], true],
  ])('%s', (_name, actor, target, expected) => {
    expect(covers(actor, target)).toBe(expected);
  });
});

describe('heldLevel and grantableLevels', () => {
  it.each<[Grants, { appId: number; menu?: string; child?: string }, number | null, number[]]>([
    [admin, { appId: 1, menu: 'User Management' }, 2, [2, 3]],
    [admin, { appId: 1, menu: 'User Management', child: 'Tambah User' }, 2, [2, 3]],
    [adminNoCreate, { appId: 1, menu: 'User Management', child: 'Tambah User' }, 3, [3]],
    [superAdmin, { appId: 1, menu: 'Role Management' }, 1, [1, 2, 3]],
    [viewer, { appId: 2, menu: 'Payroll' }, null, []],
    [admin, { appId: 1 }, 3, [3]],
    [admin, { appId: 2 }, null, []],
    // a sub-menu counts only under its own menu
    [admin, { appId: 1, menu: 'Role Management', child: 'Tambah User' }, null, []],
  ])('%#: %j at %j', (actor, place, level, levels) => {
    expect(heldLevel(actor, place)).toBe(level);
    expect(grantableLevels(actor, place)).toEqual(levels);
  });
});
