import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import IconCard from '@/components/IconCard';
import { useSession } from '@/store/session';
import GoogleBindModal from './GoogleBindModal';
import GoogleUnbindModal from './GoogleUnbindModal';
import { refreshSession } from '@/store/refreshSession';

/** Google authenticator status with Bind or Unbind (spec sections 4 and 6). */
export default function GoogleAuthCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [dialog, setDialog] = useState<'bind' | 'unbind' | null>(null);
  const bound = Boolean(user?.bindGoogle);

  const done = async () => {
    setDialog(null);
    await refreshSession();
  };

  return (
    <IconCard icon={<SafetyCertificateOutlined />} title={t('personal_google')} testId="google-card">
      <Space direction="vertical" size={12}>
        <Space wrap>
          <Tag color={bound ? 'green' : 'default'} data-testid="personal-google">
            {bound ? t('google_bound') : t('google_unbound')}
          </Tag>
          <Typography.Text type="secondary">{bound ? t('google_bound_desc') : t('google_unbound_desc')}</Typography.Text>
        </Space>
        {bound ? (
          <Button danger onClick={() => setDialog('unbind')} data-testid="google-unbind">
            {t('google_unbind')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => setDialog('bind')} data-testid="google-bind">
            {t('google_bind')}
          </Button>
        )}
      </Space>
      <GoogleBindModal open={dialog === 'bind'} onClose={() => setDialog(null)} onBound={done} />
      <GoogleUnbindModal open={dialog === 'unbind'} onClose={() => setDialog(null)} onUnbound={done} />
    </IconCard>
  );
}
