import { useCallback } from 'react';
import type { MenuId } from '@/api/types';
import { hasPermission as roleHolds } from '@/router/menus';
import { useSession } from '@/store/session';

/**
 * Button-level permissions (spec section 6): an action is allowed iff the user's roleList holds
 * its menu id, compared as strings. The admin role gets no bypass here on purpose: the server
 * already sends an admin every permission, so the client never invents one.
 */
export function useAccess() {
  const { user } = useSession();
  const hasPermission = useCallback((menuId: MenuId) => roleHolds(user?.roleList, menuId), [user]);
  return { hasPermission };
}
