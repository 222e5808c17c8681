import { useState, type ReactNode } from 'react';
import { Button, Spin, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import AccessControl from '@/components/AccessControl';
import UrlSettingModal from './UrlSettingModal';
import type { UrlSetting } from './urlSettings';

interface UrlSettingLineProps {
  setting: UrlSetting;
  icon: ReactNode;
  /** The stored address ("" when none); undefined until `/secret` answered. */
  url: string | undefined;
  loading: boolean;
  /** More on what the address does, after its tip behind the info icon (the risk rule). */
  tipExtra?: ReactNode;
  /** Shown after a saved address (the test callback). */
  actions?: ReactNode;
  /** The stored (normalised) address after a save; "" after clearing. */
  onSaved: (url: string) => void;
}

/**
 * One address of System › Callback (804) on one line, so the callback log below keeps its rows:
 * its name (what it does behind the info icon), the URL (cut, whole on hover, copyable) or
 * 'Not set' with what that means, and Set / Edit with its button id.
 */
export default function UrlSettingLine({ setting, icon, url, loading, tipExtra, actions, onSaved }: UrlSettingLineProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { prefix, keys } = setting;

  let value: ReactNode;
  if (url) {
    value = (
      <Typography.Text copyable={{ text: url }} className="coffer-address coffer-nowrap" data-testid={`${prefix}-url`}>
        <Tooltip title={url} placement="topLeft">
          <span className="coffer-cell-clip coffer-url-value">{url}</span>
        </Tooltip>
      </Typography.Text>
    );
  } else if (url === '') {
    value = (
      <>
        <Tag className="coffer-url-unset" data-testid={`${prefix}-url-unset`}>
          {t('sys_not_set')}
        </Tag>
        <Typography.Text type={setting.unsetType === 'warning' ? 'warning' : 'secondary'} data-testid={`${prefix}-url-warning`}>
          {t(keys.unset)}
        </Typography.Text>
      </>
    );
  } else {
    value = loading ? <Spin size="small" /> : '—'; // not read: the request layer told the user
  }

  return (
    <div className="coffer-url-setting" data-testid={`${prefix}-url-setting`}>
      <span className="coffer-url-label">
        {icon} {t(keys.title)}{' '}
        <Tooltip
          trigger={['hover', 'click']}
          title={
            <span data-testid={`${prefix}-url-tip`}>
              {t(keys.tip)} {tipExtra}
            </span>
          }
        >
          <InfoCircleOutlined className="coffer-muted" data-testid={`${prefix}-url-info`} />
        </Tooltip>
      </span>
      <span className="coffer-url-body">
        {value}
        <AccessControl menuId={setting.permission}>
          <Button size="small" type={url ? 'default' : 'primary'} icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid={`${prefix}-url-edit`}>
            {url ? t('edit') : t('sys_callback_set')}
          </Button>
        </AccessControl>
        {url && actions}
      </span>
      <UrlSettingModal
        setting={setting}
        open={editing}
        current={url ?? ''}
        onClose={() => setEditing(false)}
        onSaved={(stored) => {
          setEditing(false);
          onSaved(stored);
        }}
      />
    </div>
  );
}
