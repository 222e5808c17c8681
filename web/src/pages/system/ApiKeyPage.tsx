import { useState } from 'react';
import { Alert, Button, Col, Descriptions, Popconfirm, Row, Space, Tooltip, Typography } from 'antd';
import { EyeOutlined, KeyOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiSettings } from '@/api/system';
import AccessControl from '@/components/AccessControl';
import IconCard from '@/components/IconCard';
import { PERMISSIONS } from '@/router/permissions';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { formatInZone } from '@/utils/timezone';
import { ClientKeyCard, PlatformKeyCard } from './KeyCards';
import SecretModal, { type SecretMode } from './SecretModal';
import { useApiSettings } from './shared';
import { maskedKey } from './systemRules';

interface ApiKeyCardProps {
  settings: ApiSettings | null;
  loading: boolean;
  onChanged: () => void;
}

/**
 * The API key: its id and age; Show (80301) and Reset (80302, "Generate key" while there is none)
 * need the authenticator.
 */
function ApiKeyCard({ settings, loading, onChanged }: ApiKeyCardProps) {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const [mode, setMode] = useState<SecretMode | null>(null);
  const hasKey = Boolean(settings?.hasKey && settings.keyId);

  const resetButton = (
    <Button danger={hasKey} type={hasKey ? 'default' : 'primary'} icon={<SyncOutlined />} onClick={hasKey ? undefined : () => setMode('generate')} data-testid="key-reset">
      {hasKey ? t('sys_key_reset') : t('sys_key_generate')}
    </Button>
  );

  return (
    <IconCard
      icon={<KeyOutlined />}
      title={t('sys_api_key')}
      gapBelow
      loading={loading && !settings}
      testId="api-key-card"
      extra={
        <Space wrap>
          <AccessControl menuId={PERMISSIONS.apiKeyShow}>
            <Tooltip title={hasKey ? undefined : t('sys_key_none_tip')}>
              <Button icon={<EyeOutlined />} disabled={!hasKey} onClick={() => setMode('show')} data-testid="key-show">
                {t('sys_key_show')}
              </Button>
            </Tooltip>
          </AccessControl>
          <AccessControl menuId={PERMISSIONS.apiKeyReset}>
            {hasKey ? (
              <Popconfirm
                title={t('sys_key_reset_confirm')}
                description={<div className="coffer-sys-confirm">{t('sys_key_reset_warning')}</div>}
                okText={t('sure')}
                cancelText={t('cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'key-reset-sure' }}
                cancelButtonProps={{ 'data-testid': 'key-reset-cancel' }}
                onConfirm={() => setMode('reset')}
              >
                {resetButton}
              </Popconfirm>
            ) : (
              resetButton
            )}
          </AccessControl>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('sys_api_key_tip')}</Typography.Paragraph>
      {hasKey ? (
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('sys_key_id')}>
            <Typography.Text copyable className="coffer-address" data-testid="key-id">
              {settings!.keyId}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('sys_key_created')}>
            <span data-testid="key-created">{formatInZone(settings!.createtime, timeZone)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('sys_api_key')} span="filled">
            <span className="coffer-address coffer-sys-wrap" data-testid="key-masked">
              {maskedKey(settings!.keyId!)}
            </span>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert type="warning" showIcon message={t('sys_key_none')} data-testid="key-none" />
      )}
      <SecretModal mode={mode} onClose={() => setMode(null)} onReset={onChanged} />
    </IconCard>
  );
}

/** System › API key (menu 803): the API key, the merchant's RSA key and the platform key. */
export default function ApiKeyPage() {
  const { settings, setSettings, loading, reload } = useApiSettings();
  return (
    <div data-testid="api-key-page">
      <ApiKeyCard settings={settings} loading={loading} onChanged={reload} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ClientKeyCard
            settings={settings}
            loading={loading}
            onSaved={(clientKey) => setSettings((current) => (current ? { ...current, clientKey } : current))}
          />
        </Col>
        <Col xs={24} xl={12}>
          <PlatformKeyCard settings={settings} loading={loading} />
        </Col>
      </Row>
    </div>
  );
}
