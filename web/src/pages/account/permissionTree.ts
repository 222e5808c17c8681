import type { MenuId, MenuItem, MenuType } from '@/api/types';
import { idKey, menuTitle } from '@/router/menus';

// The permission tree of the role form, built from /role/menus. Checking is "connected" by our
// own rules rather than antd's: a checked entry needs its ancestors (a page is invisible under a
// directory the role lacks, docs/console.md), checking an entry grants everything under it, and
// unchecking one removes everything under it. Unlike antd's default conduction this lets a role
// hold a page without any of its buttons (a read-only Account list, for example).

export interface PermissionNode {
  key: string;
  title: string;
  type: MenuType;
  children: PermissionNode[];
}

export interface TreeIndex {
  parentOf: Map<string, string | null>;
  childrenOf: Map<string, string[]>;
}

export function buildPermissionTree(menus: readonly MenuItem[], lang: string): PermissionNode[] {
  const nodes = new Map<string, PermissionNode>();
  menus.forEach((item) =>
    nodes.set(idKey(item.menuId), { key: idKey(item.menuId), title: menuTitle(item.menuNameEn, lang), type: item.menuType, children: [] }),
  );
  const roots: PermissionNode[] = [];
  menus.forEach((item) => {
    const node = nodes.get(idKey(item.menuId))!;
    const parent = nodes.get(idKey(item.parentId));
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node); // parentId 0, or a parent the list does not hold
  });
  return roots;
}

export function indexTree(roots: readonly PermissionNode[]): TreeIndex {
  const parentOf = new Map<string, string | null>();
  const childrenOf = new Map<string, string[]>();
  const walk = (nodes: readonly PermissionNode[], parent: string | null) =>
    nodes.forEach((node) => {
      parentOf.set(node.key, parent);
      childrenOf.set(node.key, node.children.map((child) => child.key));
      walk(node.children, node.key);
    });
  walk(roots, null);
  return { parentOf, childrenOf };
}

function descendants(index: TreeIndex, key: string): string[] {
  const out: string[] = [];
  const stack = [...(index.childrenOf.get(key) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(index.childrenOf.get(next) ?? []));
  }
  return out;
}

function ancestors(index: TreeIndex, key: string): string[] {
  const out: string[] = [];
  for (let parent = index.parentOf.get(key) ?? null; parent !== null; parent = index.parentOf.get(parent) ?? null) {
    out.push(parent);
  }
  return out;
}

/** The checked set after the user (un)checks `key`. */
export function toggleMenu(index: TreeIndex, checked: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(checked);
  if (on) [key, ...descendants(index, key), ...ancestors(index, key)].forEach((id) => next.add(id));
  else [key, ...descendants(index, key)].forEach((id) => next.delete(id));
  return next;
}

/** A role's menuIds as tree keys; ids the tree does not know are dropped. */
export function checkedFromMenuIds(menuIds: readonly MenuId[] | null | undefined, index: TreeIndex): Set<string> {
  return new Set((menuIds ?? []).map(idKey).filter((key) => index.parentOf.has(key)));
}

/** The menuIds to send, in tree order (numbers, as the catalogue ids are). */
export function menuIdsToSend(checked: ReadonlySet<string>, roots: readonly PermissionNode[]): number[] {
  const out: number[] = [];
  const walk = (nodes: readonly PermissionNode[]) =>
    nodes.forEach((node) => {
      if (checked.has(node.key)) out.push(Number(node.key));
      walk(node.children);
    });
  walk(roots);
  return out;
}
