import type { ReactNode } from 'react';
import type { MenuId } from '@/api/types';
import { useAccess } from '@/hooks/useAccess';

interface AccessControlProps {
  /** Permission (menu id, usually an F entry) the children need. */
  menuId: MenuId;
  children: ReactNode;
  /** Rendered instead when the permission is missing (nothing by default). */
  fallback?: ReactNode;
}

/** Renders its children only for users whose roleList holds `menuId`. */
export default function AccessControl({ menuId, children, fallback = null }: AccessControlProps) {
  const { hasPermission } = useAccess();
  return <>{hasPermission(menuId) ? children : fallback}</>;
}
