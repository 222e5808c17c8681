import { Dropdown, Tabs } from 'antd';
import { CloseCircleOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HomeOutlined } from '@ant-design/icons';

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

  return (
    <div className="coffer-tabs" data-testid="tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={onSelect}
        onEdit={(key, action) => action === 'remove' && onClose(String(key))}
        items={tabs.map((path) => ({ key: path, label: label(path), closable: path !== home }))}
      />
    </div>
  );
}
