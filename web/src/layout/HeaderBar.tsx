import { useState } from 'react';
import { App, Avatar, Button, Dropdown, Layout, Space, Tooltip } from 'antd';
import {
  LockOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, PlayCircleOutlined,
  SettingOutlined, UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from '@/api/auth';
import LanguageSwitcher from '@/components/LanguageSwitcher';
import { usePublicConfig } from '@/hooks/usePublicConfig';
import { sessionStore, useSession } from '@/store/session';
import ChangePasswordModal from './ChangePasswordModal';
import PageBreadcrumb from './PageBreadcrumb';
import SettingsDrawer from './SettingsDrawer';
import type { PageRoute } from '@/router/menus';

/** The product's own getting-started page, served by the binary: the video link's fallback. */
export const GETTING_STARTED_PATH = '/getting-started';

interface HeaderBarProps {
  collapsed: boolean;
  onToggle: () => void;
  fixed: boolean;
  routes: PageRoute[];
}

export default function HeaderBar({ collapsed, onToggle, fixed, routes }: HeaderBarProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { user } = useSession();
  const { promoVideoUrl } = usePublicConfig();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const confirmLogout = () =>
    modal.confirm({
      title: t('logout_confirm_title'),
      content: t('logout_confirm_content'),
      okText: t('sure'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await logout();
        } catch {
          /* the session may already be gone server-side: signing out locally is what matters */
        }
        sessionStore.signOut();
        navigate('/login', { replace: true });
      },
    });

  return (
    <Layout.Header className={`coffer-header${fixed ? ' fixed' : ''}`} data-testid="header">
      <Space size={12} className="coffer-header-left">
        <Tooltip title={collapsed ? t('expand_sidebar') : t('collapse_sidebar')}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggle}
            data-testid="collapse-toggle"
            aria-label={collapsed ? t('expand_sidebar') : t('collapse_sidebar')}
          />
        </Tooltip>
        <PageBreadcrumb routes={routes} />
      </Space>
      <Space size={4} className="coffer-header-right">
        <Button
          type="text"
          icon={<PlayCircleOutlined />}
          href={promoVideoUrl || GETTING_STARTED_PATH}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="promo-video"
        >
          <span className="coffer-hide-narrow">{t('promo_video')}</span>
        </Button>
        <LanguageSwitcher />
        <Tooltip title={t('settings')}>
          <Button
            type="text"
            icon={<SettingOutlined />}
            onClick={() => setSettingsOpen(true)}
            data-testid="settings-button"
            aria-label={t('settings')}
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'personal', icon: <UserOutlined />, label: <span data-testid="user-menu-personal">{t('personal_centre')}</span> },
              { key: 'password', icon: <LockOutlined />, label: <span data-testid="user-menu-password">{t('change_password')}</span> },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="user-menu-logout">{t('logout')}</span> },
            ],
            onClick: ({ key }) => {
              if (key === 'personal') navigate('/personal');
              if (key === 'password') setPasswordOpen(true);
              if (key === 'logout') confirmLogout();
            },
          }}
        >
          <Button type="text" className="coffer-user" data-testid="user-menu">
            <Avatar size={28} icon={<UserOutlined />} className="coffer-avatar" />
            <span className="coffer-hide-narrow">{user?.username || user?.useremail}</span>
          </Button>
        </Dropdown>
      </Space>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout.Header>
  );
}
