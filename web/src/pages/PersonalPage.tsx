import { useState } from 'react';
import { Button, Card, Col, Descriptions, Row, Tag } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import ChangePasswordModal from '@/layout/ChangePasswordModal';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { useSession } from '@/store/session';
import { formatInZone } from '@/utils/timezone';
import GoogleAuthCard from './personal/GoogleAuthCard';
import MyLogsCard from './personal/MyLogsCard';
import TimeZoneCard from './personal/TimeZoneCard';

/** Personal centre: profile, password, Google authenticator, the merchant's time zone, my logs. */
export default function PersonalPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const timeZone = useMerchantTimeZone();
  const [passwordOpen, setPasswordOpen] = useState(false);
  if (!user) return null;
  return (
    <Row gutter={[16, 16]} data-testid="personal">
      <Col xs={24}>
        <Card
          title={t('personal_centre')}
          className="coffer-card"
          extra={
            <Button icon={<LockOutlined />} onClick={() => setPasswordOpen(true)} data-testid="personal-change-password">
              {t('change_password')}
            </Button>
          }
        >
          <Descriptions
            column={{ xs: 1, sm: 1, md: 2 }}
            bordered
            size="middle"
            items={[
              { key: 'email', label: t('personal_email'), children: <span data-testid="personal-email">{user.useremail}</span> },
              { key: 'name', label: t('personal_name'), children: <span data-testid="personal-name">{user.username || '—'}</span> },
              { key: 'role', label: t('personal_role'), children: <Tag color="blue" data-testid="personal-role">{user.role}</Tag> },
              { key: 'created', label: t('personal_created'), children: formatInZone(user.createtime, timeZone) },
              {
                key: 'status',
                label: t('personal_status'),
                children: user.userStatus === 1 ? t('status_enabled') : t('status_disabled'),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <GoogleAuthCard />
      </Col>
      <Col xs={24} lg={12}>
        <TimeZoneCard />
      </Col>
      <Col xs={24}>
        <MyLogsCard />
      </Col>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Row>
  );
}
