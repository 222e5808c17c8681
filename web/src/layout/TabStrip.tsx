import { Dropdown, Tabs } from 'antd';
import { CloseCircleOutlined, CloseOutlined, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface TabStripProps {
  tabs: string[];
  active: string;
  home: string;
  titleOf: (path: string) => string;
  onSelect: (path: string) => void;
  onClose: (path: string) => void;
  onCloseOthers: (path: string) => void;
  onCloseAll: () => void;
}

/** Tab strip of spec section 2: one tab per opened page, right-click for bulk actions. */
export default function TabStrip(props: TabStripProps) {
  const { tabs, active, home, titleOf, onSelect, onClose, onCloseOthers, onCloseAll } = props;
  const { t } = useTranslation();

  const label = (path: string) => (
    <Dropdown
      trigger={['contextMenu']}
      menu={{
        items: [
          { key: 'others', icon: <CloseOutlined />, label: <span data-testid="tab-menu-close-others">{t('tab_close_others')}</span> },
          { key: 'all', icon: <CloseCircleOutlined />, label: <span data-testid="tab-menu-close-all">{t('tab_close_all')}</span> },
        ],
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          if (key === 'others') onCloseOthers(path);
          else onCloseAll();
        },
      }}
    >
      <span className="coffer-tab-label" data-testid={`tab-${path}`} data-active={path === active}>
        {path === home && <HomeOutlined />}
        {titleOf(path)}
      </span>
    </Dropdown>
  );

  // Home is pinned before the scrolling strip: antd scrolls overflowing tabs out of sight and
  // folds them into "more", which must never take Home. It borrows antd's tab classes so it
  // looks like the tab it was.
  const homeActive = active === home;
  const homeTab = (
    <div
      role="tab"
      tabIndex={0}
      aria-selected={homeActive}
      className={homeActive ? 'ant-tabs-tab ant-tabs-tab-active coffer-tab-home' : 'ant-tabs-tab coffer-tab-home'}
      onClick={() => onSelect(home)}
      onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && onSelect(home)}
    >
      <div className="ant-tabs-tab-btn">{label(home)}</div>
    </div>
  );

  return (
    <div className="coffer-tabs" data-testid="tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={onSelect}
        onEdit={(key, action) => action === 'remove' && onClose(String(key))}
        tabBarExtraContent={{ left: homeTab }}
        items={tabs.filter((path) => path !== home).map((path) => ({ key: path, label: label(path) }))}
      />
    </div>
  );
}
