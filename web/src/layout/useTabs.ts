import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { STORAGE_KEYS, readJson, writeJson } from '@/utils/storage';
import { closeAllTabs, closeOtherTabs, closeTab, openTab, pruneTabs } from './tabs';

/**
 * Opened-page tabs bound to the router: visiting an allowed page opens its tab, and closing
 * tabs navigates according to the rules in ./tabs.ts. Persisted so a reload keeps them.
 */
export function useTabs(home: string, isTabPath: (path: string) => boolean) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<string[]>(() =>
    pruneTabs(readJson<string[]>(STORAGE_KEYS.tabs) ?? [], isTabPath, home),
  );

  // Menus can change (start-up refresh): drop tabs of pages the role no longer has.
  useEffect(() => setTabs((current) => pruneTabs(current, isTabPath, home)), [isTabPath, home]);

  useEffect(() => {
    if (isTabPath(pathname)) setTabs((current) => openTab(current, pathname, home));
  }, [pathname, isTabPath, home]);

  useEffect(() => writeJson(STORAGE_KEYS.tabs, tabs), [tabs]);

  const apply = useCallback(
    (next: { tabs: string[]; active: string }) => {
      setTabs(next.tabs);
      if (next.active !== pathname) navigate(next.active);
    },
    [navigate, pathname],
  );

  return {
    tabs,
    active: pathname,
    select: (path: string) => navigate(path),
    close: (path: string) => apply(closeTab({ tabs, active: pathname }, path, home)),
    closeOthers: (path: string) => apply(closeOtherTabs(path, home)),
    closeAll: () => apply(closeAllTabs(home)),
  };
}
