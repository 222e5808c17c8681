import { useState, type ReactNode } from 'react';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import AccessControl from '@/components/AccessControl';
import IconCard from '@/components/IconCard';
import { noteCallbackUrl } from '@/store/callbackAddress';
import UrlSettingModal from './UrlSettingModal';
import { useApiSettings } from './shared';
import type { UrlSetting } from './urlSettings';

/**
 * A card of System › Callback (804) for one address read from `/secret`: the current URL
 * (copyable) with what it is for, or 'Not set' and what that means; Set / Edit with its button id.
 */
export default function UrlSettingCard({
  setting,
  icon,
  extraTip,
  actions,
}: {
  setting: UrlSetting;
  icon: ReactNode;
  extraTip?: ReactNode;
  /** Shown under a saved address (the test callback). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { settings, setSettings, loading } = useApiSettings();
  const [editing, setEditing] = useState(false);
  const { prefix, keys } = setting;
  const url = settings?.[setting.field] ?? '';

  return (
    <IconCard
      icon={icon}
      title={t(keys.title)}
      gapBelow
      loading={loading && !settings}
      extra={
        <AccessControl menuId={setting.permission}>
          <Button type={url ? 'default' : 'primary'} icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid={`${prefix}-url-edit`}>
            {url ? t('edit') : t('sys_callback_set')}
          </Button>
        </AccessControl>
      }
      testId={`${prefix}-url-card`}
    >
      {url ? (
        <Space direction="vertical" size={4} className="coffer-full">
          <Typography.Text copyable className="coffer-address coffer-sys-wrap" data-testid={`${prefix}-url`}>
            {url}
          </Typography.Text>
          <Typography.Text type="secondary">{t(keys.tip)}</Typography.Text>
          {extraTip}
          {actions}
        </Space>
      ) : (
        <Space direction="vertical" size={8} className="coffer-full">
          <span>
            <Tag data-testid={`${prefix}-url-unset`}>{t('sys_not_set')}</Tag>
          </span>
          {settings && <Alert type={setting.unsetType} showIcon message={t(keys.unset)} data-testid={`${prefix}-url-warning`} />}
          {extraTip}
        </Space>
      )}
      <UrlSettingModal
        setting={setting}
        open={editing}
        current={url}
        onClose={() => setEditing(false)}
        onSaved={(stored) => {
          setEditing(false);
          setSettings((current) => (current ? { ...current, [setting.field]: stored } : current));
          if (setting.field === 'callbackUrl') noteCallbackUrl(stored);
        }}
      />
    </IconCard>
  );
}
