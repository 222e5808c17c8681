import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Space, Typography } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/api/download';
import type { ApiSettings, ClientKey } from '@/api/system';
import AccessControl from '@/components/AccessControl';
import IconCard from '@/components/IconCard';
import { useAccess } from '@/hooks/useAccess';
import { PATHS } from '@/router/catalogue';
import { PAGES, PERMISSIONS } from '@/router/permissions';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { formatInZone } from '@/utils/timezone';
import ClientKeyModal from './ClientKeyModal';
import { CopyButton } from './shared';
import { groupFingerprint, platformPemFileName } from './systemRules';


/** A PEM block, read-only, in a monospace text area. */
function PemText({ pem, testId }: { pem: string; testId: string }) {
  return (
    <Input.TextArea
      readOnly
      value={pem}
      wrap="off"
      autoSize={{ minRows: 4, maxRows: 12 }}
      spellCheck={false}
      className="coffer-address coffer-sys-pem"
      data-testid={testId}
    />
  );
}

interface ClientKeyCardProps {
  settings: ApiSettings | null;
  loading: boolean;
  onSaved: (key: ClientKey) => void;
}

/** The merchant's RSA public key, which verifies its merchant API calls; upload with 80303. */
export function ClientKeyCard({ settings, loading, onSaved }: ClientKeyCardProps) {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const [uploading, setUploading] = useState(false);
  const key = settings?.clientKey ?? null;

  return (
    <Card
      title={t('sys_client_key')}
      className="coffer-card"
      loading={loading && !settings}
      data-testid="client-key-card"
      extra={
        <AccessControl menuId={PERMISSIONS.clientKeyUpload}>
          <Button type={key ? 'default' : 'primary'} icon={<UploadOutlined />} onClick={() => setUploading(true)} data-testid="client-key-upload">
            {key ? t('sys_client_key_replace') : t('sys_client_key_upload')}
          </Button>
        </AccessControl>
      }
    >
      <Typography.Paragraph type="secondary">{t('sys_client_key_tip')}</Typography.Paragraph>
      {key ? (
        <>
          <Descriptions column={1} size="small" className="coffer-gap-bottom">
            <Descriptions.Item label={t('sys_fingerprint')}>
              <Typography.Text copyable={{ text: key.fingerprint }} className="coffer-address coffer-sys-wrap" data-testid="client-key-fingerprint" data-fingerprint={key.fingerprint}>
                {groupFingerprint(key.fingerprint)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('sys_key_bits')}>
              <span data-testid="client-key-bits">{key.bits}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('sys_updated')}>
              <span data-testid="client-key-updated">{formatInZone(key.updatetime, timeZone)}</span>
            </Descriptions.Item>
          </Descriptions>
          <PemText pem={key.publicKey} testId="client-key-pem-current" />
        </>
      ) : (
        <Alert type="warning" showIcon message={t('sys_client_key_none')} data-testid="client-key-none" />
      )}
      <ClientKeyModal
        open={uploading}
        onClose={() => setUploading(false)}
        onSaved={(saved) => {
          setUploading(false);
          onSaved(saved);
        }}
      />
    </Card>
  );
}

/** The platform's public key: Coffer signs every callback with its private half. */
export function PlatformKeyCard({ settings, loading }: { settings: ApiSettings | null; loading: boolean }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const keyId = settings?.platformKeyId ?? '';
  const pem = settings?.platformPublicKey ?? '';
  const detail = hasPermission(PAGES.apiDetail) ? (
    <Link to={PATHS.apiDetail} data-testid="platform-key-detail-link">
      {t('sys_api_detail_link')}
    </Link>
  ) : null;

  return (
    <IconCard icon={<SafetyCertificateOutlined />} title={t('sys_platform_key')} loading={loading && !settings} testId="platform-key-card">
      <Typography.Paragraph type="secondary" data-testid="platform-key-tip">
        {t('sys_platform_key_tip')} {detail}
      </Typography.Paragraph>
      {pem ? (
        <>
          <Descriptions column={1} size="small" className="coffer-gap-bottom">
            <Descriptions.Item label={t('sys_key_id')}>
              <Typography.Text copyable className="coffer-address" data-testid="platform-key-id">
                {keyId}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <PemText pem={pem} testId="platform-key-pem" />
          <Space wrap className="coffer-gap">
            <CopyButton text={pem} testId="platform-key-copy" />
            <Button
              icon={<DownloadOutlined />}
              onClick={() => saveBlob(platformPemFileName(keyId), new Blob([pem.endsWith('\n') ? pem : `${pem}\n`], { type: 'application/x-pem-file' }))}
              data-testid="platform-key-download"
            >
              {t('sys_download')}
            </Button>
          </Space>
        </>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      )}
    </IconCard>
  );
}
