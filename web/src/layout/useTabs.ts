import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { STORAGE_KEYS, readJson, writeJson } from '@/utils/storage';
import { closeAllTabs, closeOtherTabs, closeTab, openTab, pruneTabs } from './tabs';

/**
 * Opened-page tabs bound to the router: visiting an allowed page opens its tab, and closing
 * tabs navigates according to the rules in ./tabs.ts. Persisted so a reload keeps them.
 */
export function useTabs(home: string, isTabPath: (path: string) => boolean) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // A tab is a path, but some pages need their query (token detail's `?id=`): going back to a
  // tab reopens it with the query it last had.
  const lastSearch = useRef(new Map<string, string>());
  lastSearch.current.set(pathname, search);
  const withSearch = useCallback((path: string) => `${path}${lastSearch.current.get(path) ?? ''}`, []);
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
      if (next.active !== pathname) navigate(withSearch(next.active));
    },
    [navigate, pathname, withSearch],
  );

  return {
    tabs,
    active: pathname,
    select: (path: string) => navigate(withSearch(path)),
    close: (path: string) => apply(closeTab({ tabs, active: pathname }, path, home)),
    closeOthers: (path: string) => apply(closeOtherTabs(path, home)),
    closeAll: () => apply(closeAllTabs(home)),
  };
}
