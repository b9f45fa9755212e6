/**
 * The menu tree as the form edits it: two levels, each node with a stable `key` for React (an
 * existing menu keeps its id; a new one has none until saved). Pure functions, one per edit.
 */
export interface SubMenuNode {
  key: string;
  id?: number;
  name: string;
}
export interface MenuNode extends SubMenuNode {
  children: SubMenuNode[];
}
export type MenuTree = MenuNode[];

let sequence = 0;
/** A key no node of this page has yet. */
export const newKey = () => `baru-${(sequence += 1)}`;

export const addMenu = (tree: MenuTree): MenuTree => [...tree, { key: newKey(), name: '', children: [] }];

export const addSubMenu = (tree: MenuTree, menuKey: string): MenuTree =>
  tree.map((menu) =>
    menu.key === menuKey ? { ...menu, children: [...menu.children, { key: newKey(), name: '' }] } : menu,
  );

const renameIn = <T extends SubMenuNode>(nodes: T[], key: string, name: string): T[] =>
  nodes.map((node) => (node.key === key ? { ...node, name } : node));

export const renameNode = (tree: MenuTree, key: string, name: string): MenuTree =>
  renameIn(tree, key, name).map((menu) => ({ ...menu, children: renameIn(menu.children, key, name) }));

function moveIn<T extends SubMenuNode>(nodes: T[], key: string, by: -1 | 1): T[] {
  const from = nodes.findIndex((node) => node.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= nodes.length) return nodes;
  const next = [...nodes];
  const [node] = next.splice(from, 1);
  if (node) next.splice(to, 0, node);
  return next;
}

/** Moves a menu, or a sub-menu within its menu, one place up (-1) or down (1). */
export const moveNode = (tree: MenuTree, key: string, by: -1 | 1): MenuTree =>
  moveIn(tree, key, by).map((menu) => ({ ...menu, children: moveIn(menu.children, key, by) }));

/** Removes a menu (with its sub-menus) or a sub-menu. */
export const removeNode = (tree: MenuTree, key: string): MenuTree =>
  tree
    .filter((menu) => menu.key !== key)
    .map((menu) => ({ ...menu, children: menu.children.filter((child) => child.key !== key) }));

/** Menus and sub-menus together (the limit counts both). */
export const countMenus = (tree: MenuTree): number =>
  tree.reduce((sum, menu) => sum + 1 + menu.children.length, 0);
