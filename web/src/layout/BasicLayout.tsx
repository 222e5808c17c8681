import { useCallback, useMemo } from 'react';
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import type { Language } from '@/locales';
import { useSettings } from '@/hooks/useSettings';
import { useSession } from '@/store/session';
import { PERSONAL_PATH, homePath, menuTitle, navigationTree, pageRoutes } from '@/router/menus';
import HeaderBar from './HeaderBar';
import Sidebar from './Sidebar';
import TabStrip from './TabStrip';
import { useSidebarState } from './useSidebarState';
import { useTabs } from './useTabs';

/** The signed-in frame: sidebar, header, tab strip and the current page with a 500 ms fade. */
export default function BasicLayout() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const { user } = useSession();
  const { pathname } = useLocation();
  const settings = useSettings();
  const sidebar = useSidebarState();

  const tree = useMemo(() => navigationTree(user), [user]);
  const routes = useMemo(() => pageRoutes(user), [user]);
  const home = useMemo(() => homePath(user), [user]);
  const isTabPath = useCallback(
    (path: string) => path === PERSONAL_PATH || routes.some((route) => route.path === path),
    [routes],
  );
  const tabs = useTabs(home, isTabPath);
  const titleOf = useCallback(
    (path: string) => {
      if (path === PERSONAL_PATH) return t('personal_centre');
      const route = routes.find((candidate) => candidate.path === path);
      return route ? menuTitle(route.titles, lang) : path;
    },
    [routes, lang, t],
  );

  return (
    <Layout className="coffer-shell" hasSider data-mobile={sidebar.mobile}>
      <Sidebar
        tree={tree}
        collapsed={sidebar.collapsed}
        mobile={sidebar.mobile}
        showLogo={settings.sidebarLogo}
        onBreakpoint={sidebar.onBreakpoint}
        onNavigate={sidebar.closeOnMobile}
      />
      {sidebar.mobile && !sidebar.collapsed && (
        <div className="coffer-sider-mask" onClick={sidebar.toggle} data-testid="sidebar-mask" />
      )}
      <Layout className="coffer-main">
        <div className={settings.fixedHeader ? 'coffer-top fixed' : 'coffer-top'}>
          <HeaderBar collapsed={sidebar.collapsed} onToggle={sidebar.toggle} fixed={settings.fixedHeader} routes={routes} />
          {settings.tagsView && (
            <TabStrip
              tabs={tabs.tabs}
              active={tabs.active}
              home={home}
              titleOf={titleOf}
              onSelect={tabs.select}
              onClose={tabs.close}
              onCloseOthers={tabs.closeOthers}
              onCloseAll={tabs.closeAll}
            />
          )}
        </div>
        <Layout.Content className="coffer-content">
          {/* Keyed by path so each page change replays the fade (route transition, 500 ms). */}
          <div key={pathname} className="coffer-page coffer-fade" data-testid="page">
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
