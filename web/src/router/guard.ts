import type { UserSession } from '@/api/types';
import { CATALOGUE_PATHS } from './catalogue';
import { PERSONAL_PATH, firstPagePath, homePath, navigationTree, normalizePath, pageRoutes, type MenuNode } from './menus';

// The route guard of spec section 2, as a pure decision so it can be tested without a browser.

export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** A Coffer screen this user's role does not include: show the 404 page in the layout. */
  | { kind: 'not-found' };

export interface GuardInput {
  token: string | null;
  user: Pick<UserSession, 'menuList' | 'roleList'> | null;
}

export function resolveGuard(rawPath: string, { token, user }: GuardInput): GuardDecision {
  const path = normalizePath(rawPath);
  const signedIn = Boolean(token && user);

  if (path === LOGIN_PATH) return signedIn ? { kind: 'redirect', to: homePath(user) } : { kind: 'allow' };
  if (!signedIn) return { kind: 'redirect', to: LOGIN_PATH };
  if (path === '/') return { kind: 'redirect', to: homePath(user) };
  if (path === PERSONAL_PATH || path === NOT_FOUND_PATH) return { kind: 'allow' };
  if (pageRoutes(user).some((route) => route.path === path)) return { kind: 'allow' };
  // A directory the user can open (e.g. /orders) leads to its first page.
  const directory = findNode(navigationTree(user), path);
  const inside = directory ? firstPagePath(directory.children) : null;
  if (inside) return { kind: 'redirect', to: inside };
  // Known screen without access (or a directory path like /orders): say so instead of bouncing.
  if (CATALOGUE_PATHS.includes(path)) return { kind: 'not-found' };
  return { kind: 'redirect', to: '/' };
}

function findNode(nodes: readonly MenuNode[], path: string): MenuNode | null {
  for (const node of nodes) {
    if (node.path === path) return node;
    const inside = findNode(node.children, path);
    if (inside) return inside;
  }
  return null;
}
