import { allows, canDo, canDoAny, menuLevel, PANEL_MENU, REFERENCE_DATA_ACCESS, type GrantedApp } from '.';

const grants: GrantedApp[] = [
  {
    apps_id: 1,
    menus: [
      { key: 'Home', name: 'Home', acces_level: 3, children: [] },
      {
        key: 'User Management',
        name: 'User Management',
        acces_level: 1,
        children: [
          { key: 'Daftar User', name: 'Daftar User', acces_level: 2 },
          { key: 'Tambah User', name: 'Tambah User', acces_level: 3 },
          // A sub-menu named as a panel menu but without its key grants nothing (issue 36).
          { key: null, name: 'Log Aktivitas', acces_level: 1 },
        ],
      },
      { key: null, name: 'Daftar Role', acces_level: 1, children: [] },
    ],
  },
  { apps_id: 2, menus: [{ key: 'Role Management', name: 'Role Management', acces_level: 1, children: [] }] },
];

describe('menuLevel', () => {
  it.each([
    ['User Management', 1],
    ['Daftar User', 2],
    ['Tambah User', 3],
    ['Home', 3],
    // granted in app 2 only: app 1 decides
    ['Role Management', null],
    ['Settings', null],
    // named so, but without the key: a name grants nothing
    ['Log Aktivitas', null],
    ['Daftar Role', null],
  ] as const)('%s → %s', (menu, level) => {
    expect(menuLevel(grants, menu)).toBe(level);
  });

  it('is null without grants or with a level outside 1–3', () => {
    expect(menuLevel(null, PANEL_MENU.users)).toBeNull();
    expect(menuLevel([], PANEL_MENU.users)).toBeNull();
    expect(
      menuLevel([{ apps_id: '1', menus: [{ key: 'Home', name: 'Home', acces_level: 7 }] }], 'Home'),
    ).toBeNull();
  });

  it('matches the app id whether it is a number or a string', () => {
    expect(
      menuLevel([{ apps_id: '1', menus: [{ key: 'Home', name: 'Home', acces_level: 2 }] }], 'Home'),
    ).toBe(2);
  });

  it('reads the key, never the name: a renamed menu keeps its grant, a menu named as another gains none', () => {
    const renamed: GrantedApp[] = [{ apps_id: 1, menus: [{ key: 'Home', name: 'Beranda', acces_level: 2 }] }];
    expect(menuLevel(renamed, 'Home')).toBe(2);
    expect(menuLevel(renamed, 'Beranda')).toBeNull();
    expect(menuLevel([{ apps_id: 1, menus: [{ name: 'Home', acces_level: 1 }] }], 'Home')).toBeNull();
  });
});

describe('allows', () => {
  it.each([
    [1, 'delete', true],
    [2, 'delete', false],
    [2, 'edit', true],
    [2, 'create', true],
    [3, 'create', false],
    [3, 'view', true],
    [null, 'view', false],
  ] as const)('level %s %s → %s', (level, capability, expected) => {
    expect(allows(level, capability)).toBe(expected);
  });
});

it('canDo combines both', () => {
  expect(canDo(grants, 'Daftar User', 'edit')).toBe(true);
  expect(canDo(grants, 'Daftar User', 'delete')).toBe(false);
  expect(canDo(grants, 'Tambah User', 'create')).toBe(false);
});

describe('canDoAny and REFERENCE_DATA_ACCESS', () => {
  const only = (parent: string, child: string, level: number): GrantedApp[] => [
    {
      apps_id: 1,
      menus: [
        {
          key: parent,
          name: parent,
          acces_level: level,
          children: [{ key: child, name: child, acces_level: level }],
        },
      ],
    },
  ];

  it.each([
    ['User Management', 'Daftar User', 3, true],
    ['Role Management', 'Daftar Role', 3, true],
    // The add forms need the selects too, but reference data follows the lists.
    ['User Management', 'Tambah User', 1, false],
    ['Role Management', 'Tambah Role', 1, false],
  ] as const)('%s / %s at level %s → %s', (parent, child, level, expected) => {
    expect(canDoAny(only(parent, child, level), REFERENCE_DATA_ACCESS)).toBe(expected);
  });

  it('is false without any requirement met or without grants', () => {
    expect(canDoAny(null, REFERENCE_DATA_ACCESS)).toBe(false);
    expect(canDoAny(grants, [])).toBe(false);
    expect(canDoAny(grants, [{ menu: PANEL_MENU.roleList, capability: 'view' }])).toBe(false);
  });
});
