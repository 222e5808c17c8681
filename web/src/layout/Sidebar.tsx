import { useEffect, useMemo, useState } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Language } from '@/locales';
import { menuTitle, sidebarGroups, type MenuNode } from '@/router/menus';
import { MenuIcon } from './icons';
import { accordionOpen, dirKey, groupsToOpen } from './openGroups';
import { SIDEBAR_WIDTH, collapsedWidth } from './responsive';
import Logo from '@/components/Logo';

type MenuItem = Required<MenuProps>['items'][number];

interface SidebarProps {
  tree: MenuNode[];
  collapsed: boolean;
  mobile: boolean;
  showLogo: boolean;
  onBreakpoint: (broken: boolean) => void;
  onNavigate: () => void;
}

export default function Sidebar({ tree, collapsed, mobile, showLogo, onBreakpoint, onNavigate }: SidebarProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [openKeys, setOpenKeys] = useState<string[]>(() => groupsToOpen(tree, pathname));

  // Only the current page's group is open: reaching a page (menu, tab, breadcrumb, link, typed
  // URL) opens its group and closes the others, and so does expanding a collapsed sidebar.
  useEffect(() => {
    if (!collapsed) setOpenKeys(groupsToOpen(tree, pathname));
  }, [tree, pathname, collapsed]);

  const items = useMemo<MenuItem[]>(() => {
    const toItem = (node: MenuNode): MenuItem => {
      const label = <span data-testid={`menu-${node.id}`}>{menuTitle(node.titles, lang)}</span>;
      const icon = <MenuIcon name={node.icon} />;
      if (node.type === 'M') {
        return { key: dirKey(node), label, icon: node.icon ? icon : undefined, children: node.children.map(toItem) };
      }
      return { key: node.path, label, icon: node.icon ? icon : undefined };
    };
    const groups = sidebarGroups(tree);
    // Collapsed, a 98 px bar has no room for group titles: a divider separates the groups.
    if (collapsed) {
      return groups.flatMap((group, index) => [
        ...(index > 0 ? [{ type: 'divider' as const, key: `divider:${group.key}` }] : []),
        ...group.items.map(toItem),
      ]);
    }
    return groups.map((group) => ({
      type: 'group' as const,
      key: `group:${group.key}`,
      label: (
        <span className="coffer-sidebar-group" data-testid={`sidebar-group-${group.key}`}>
          {t(`group_${group.key}`)}
        </span>
      ),
      children: group.items.map(toItem),
    }));
  }, [tree, collapsed, lang, t]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('/')) {
      navigate(key);
      onNavigate();
    }
  };

  return (
    <Layout.Sider
      className="coffer-sider"
      data-testid="sidebar"
      data-collapsed={collapsed}
      width={SIDEBAR_WIDTH}
      collapsedWidth={collapsedWidth(mobile)}
      collapsed={collapsed}
      collapsible
      trigger={null}
      breakpoint="lg"
      onBreakpoint={onBreakpoint}
      theme="light"
    >
      {showLogo && <Logo collapsed={collapsed} />}
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        openKeys={collapsed ? undefined : openKeys}
        // Collapsed, antd opens and closes hover pop-ups: they are not the user's choice of groups.
        onOpenChange={(keys) => !collapsed && setOpenKeys((open) => accordionOpen(tree, open, keys as string[]))}
        onClick={onClick}
        className="coffer-menu"
      />
    </Layout.Sider>
  );
}
