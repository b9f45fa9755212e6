import {
  addMenu,
  addSubMenu,
  countMenus,
  moveNode,
  removeNode,
  renameNode,
  type MenuTree,
} from './menu-tree-model';

const tree = (): MenuTree => [
  { key: 'a', id: 1, name: 'Stok', children: [] },
  {
    key: 'b',
    id: 2,
    name: 'Laporan',
    children: [
      { key: 'b1', id: 3, name: 'Harian' },
      { key: 'b2', name: 'Bulanan' },
    ],
  },
];
const names = (t: MenuTree) => t.map((m) => [m.name, m.children.map((c) => c.name)]);

describe('menu tree edits', () => {
  it('adds a menu at the end and a sub-menu under its menu, each with a new key and no id', () => {
    const added = addSubMenu(addMenu(tree()), 'a');
    expect(names(added)).toEqual([
      ['Stok', ['']],
      ['Laporan', ['Harian', 'Bulanan']],
      ['', []],
    ]);
    expect(added[2]?.id).toBeUndefined();
    expect(new Set([added[2]?.key, added[0]?.children[0]?.key, 'a', 'b', 'b1', 'b2']).size).toBe(6);
  });

  it.each([
    [
      'a',
      1,
      [
        ['Laporan', ['Harian', 'Bulanan']],
        ['Stok', []],
      ],
    ],
    [
      'b',
      -1,
      [
        ['Laporan', ['Harian', 'Bulanan']],
        ['Stok', []],
      ],
    ],
    [
      'a',
      -1,
      [
        ['Stok', []],
        ['Laporan', ['Harian', 'Bulanan']],
      ],
    ],
    [
      'b',
      1,
      [
        ['Stok', []],
        ['Laporan', ['Harian', 'Bulanan']],
      ],
    ],
    [
      'b2',
      -1,
      [
        ['Stok', []],
        ['Laporan', ['Bulanan', 'Harian']],
      ],
    ],
    [
      'b2',
      1,
      [
        ['Stok', []],
        ['Laporan', ['Harian', 'Bulanan']],
      ],
    ],
  ] as const)('moves %s by %i within its level only', (key, by, expected) => {
    expect(names(moveNode(tree(), key, by))).toEqual(expected);
  });

  it('renames in place and removes a menu with its sub-menus, or one sub-menu', () => {
    expect(names(renameNode(tree(), 'b1', 'Harian Baru'))[1]).toEqual([
      'Laporan',
      ['Harian Baru', 'Bulanan'],
    ]);
    expect(renameNode(tree(), 'b1', 'X')[1]?.children[0]?.id).toBe(3);
    expect(names(removeNode(tree(), 'b'))).toEqual([['Stok', []]]);
    expect(names(removeNode(tree(), 'b1'))).toEqual([
      ['Stok', []],
      ['Laporan', ['Bulanan']],
    ]);
  });

  it('counts menus and sub-menus together', () => {
    expect(countMenus(tree())).toBe(4);
    expect(countMenus([])).toBe(0);
  });
});
