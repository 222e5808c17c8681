import type { MenuId, MenuItem, MenuTitles, RoleEntry, UserSession } from '@/api/types';
import type { Language } from '@/locales';
import {
  FINANCIAL_GROUP_IDS,
  GENERAL_GROUP_IDS,
  TOKEN_DETAIL_FLAG,
  TOKEN_DETAIL_PATH,
  TOKEN_DETAIL_TITLES,
} from './catalogue';

// Pure functions turning the server's flat menuList + roleList into routes, the sidebar tree
// and its groups. Ids are compared as strings everywhere (spec section 6): the server may send
// 215 or "215" and both must match.

export const idKey = (id: MenuId | null | undefined): string => String(id ?? '');

export function permissionSet(roleList: readonly RoleEntry[] | null | undefined): Set<string> {
  return new Set((roleList ?? []).map((entry) => idKey(entry.menuId)));
}

/** Button-level permission: true iff roleList holds the id. The admin role gets no bypass. */
export function hasPermission(roleList: readonly RoleEntry[] | null | undefined, menuId: MenuId): boolean {
  return permissionSet(roleList).has(idKey(menuId));
}

export function normalizePath(path: string): string {
  if (!path) return '/';
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

export function menuTitle(titles: MenuTitles | undefined, lang: Language | string): string {
  if (!titles) return '';
  return (titles as unknown as Record<string, string | undefined>)[lang] || titles.en || '';
}

export interface MenuNode {
  id: string;
  path: string;
  type: 'M' | 'C';
  icon: string | null;
  titles: MenuTitles;
  children: MenuNode[];
}

/**
 * Navigation entries (M and C) the role may see, in menuList order. An entry is visible iff
 * roleList holds its id and, for a child, its parent is visible too.
 */
export function navigationTree(user: Pick<UserSession, 'menuList' | 'roleList'> | null): MenuNode[] {
  if (!user) return [];
  const allowed = permissionSet(user.roleList);
  const nav = (user.menuList ?? []).filter(
    (item) => (item.menuType === 'M' || item.menuType === 'C') && allowed.has(idKey(item.menuId)),
  );
  const nodes = new Map<string, MenuNode>();
  nav.forEach((item) =>
    nodes.set(idKey(item.menuId), {
      id: idKey(item.menuId),
      path: normalizePath(item.path),
      type: item.menuType as 'M' | 'C',
      icon: item.icon || null,
      titles: item.menuNameEn,
      children: [],
    }),
  );
  const roots: MenuNode[] = [];
  nav.forEach((item) => {
    const node = nodes.get(idKey(item.menuId))!;
    const parent = idKey(item.parentId);
    if (parent === '0' || parent === '') roots.push(node);
    else nodes.get(parent)?.children.push(node); // a hidden parent hides its children
  });
  return roots;
}

/** The landing page for `/`: the first page (C) in menuList order, descending into directories. */
export function firstPagePath(tree: readonly MenuNode[]): string | null {
  for (const node of tree) {
    if (node.type === 'C' && node.path !== '/') return node.path;
    const inside = firstPagePath(node.children);
    if (inside) return inside;
  }
  return null;
}

/** Fallback landing page for a role with no page at all: the personal centre always exists. */
export const PERSONAL_PATH = '/personal';

export function homePath(user: Pick<UserSession, 'menuList' | 'roleList'> | null): string {
  return firstPagePath(navigationTree(user)) ?? PERSONAL_PATH;
}

export interface PageRoute {
  path: string;
  menuId: string;
  titles: MenuTitles;
  /** Titles of the ancestors, top first (for the breadcrumb). */
  parents: MenuTitles[];
}

/** Every page route the user may open: C entries plus route-granting F flags held in roleList. */
export function pageRoutes(user: Pick<UserSession, 'menuList' | 'roleList'> | null): PageRoute[] {
  if (!user) return [];
  const routes: PageRoute[] = [];
  const walk = (nodes: MenuNode[], parents: MenuTitles[]) =>
    nodes.forEach((node) => {
      if (node.type === 'C') routes.push({ path: node.path, menuId: node.id, titles: node.titles, parents });
      walk(node.children, [...parents, node.titles]);
    });
  const tree = navigationTree(user);
  walk(tree, []);

  const allowed = permissionSet(user.roleList);
  const byId = new Map((user.menuList ?? []).map((item) => [idKey(item.menuId), item] as const));
  (user.menuList ?? [])
    .filter((item: MenuItem) => item.menuType === 'F' && item.path && allowed.has(idKey(item.menuId)))
    .forEach((flag) => {
      const parent = byId.get(idKey(flag.parentId));
      routes.push({
        path: normalizePath(flag.path),
        menuId: idKey(flag.menuId),
        titles: flag.menuNameEn,
        parents: parent ? [parent.menuNameEn] : [],
      });
    });

  // Flag 215 grants token detail even if the server left the F entry out of menuList.
  if (allowed.has(TOKEN_DETAIL_FLAG) && !routes.some((route) => route.path === TOKEN_DETAIL_PATH)) {
    const token = byId.get('2');
    routes.push({
      path: TOKEN_DETAIL_PATH,
      menuId: TOKEN_DETAIL_FLAG,
      titles: TOKEN_DETAIL_TITLES,
      parents: token ? [token.menuNameEn] : [],
    });
  }
  // And never without it: an F entry in menuList alone does not grant the page.
  return routes.filter((route) => route.path !== TOKEN_DETAIL_PATH || allowed.has(TOKEN_DETAIL_FLAG));
}

export type SidebarGroupKey = 'general' | 'financial' | 'system';

export function groupOf(menuId: MenuId): SidebarGroupKey {
  const id = idKey(menuId);
  if (GENERAL_GROUP_IDS.includes(id)) return 'general';
  if (FINANCIAL_GROUP_IDS.includes(id)) return 'financial';
  return 'system';
}

export interface SidebarGroup {
  key: SidebarGroupKey;
  items: MenuNode[];
}

/** The three sidebar groups in fixed order; empty groups are left out. */
export function sidebarGroups(tree: readonly MenuNode[]): SidebarGroup[] {
  const order: SidebarGroupKey[] = ['general', 'financial', 'system'];
  return order
    .map((key) => ({ key, items: tree.filter((node) => groupOf(node.id) === key) }))
    .filter((group) => group.items.length > 0);
}
