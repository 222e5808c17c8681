import { Alert, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/store/session';
import { formatDateTime } from '@/utils/format';

/** Personal centre: the profile fields of the current session. Editing arrives later. */
export default function PersonalPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <Card title={t('personal_centre')} className="coffer-card" data-testid="personal">
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        bordered
        size="middle"
        items={[
          { key: 'email', label: t('personal_email'), children: <span data-testid="personal-email">{user.useremail}</span> },
          { key: 'name', label: t('personal_name'), children: <span data-testid="personal-name">{user.username || '—'}</span> },
          { key: 'role', label: t('personal_role'), children: <Tag color="blue" data-testid="personal-role">{user.role}</Tag> },
          { key: 'created', label: t('personal_created'), children: formatDateTime(user.createtime) },
          {
            key: 'google',
            label: t('personal_google'),
            children: (
              <Tag color={user.bindGoogle ? 'green' : 'default'} data-testid="personal-google">
                {user.bindGoogle ? t('google_bound') : t('google_unbound')}
              </Tag>
            ),
          },
          {
            key: 'status',
            label: t('personal_status'),
            children: user.userStatus === 1 ? t('status_enabled') : t('status_disabled'),
          },
        ]}
      />
      <Alert className="coffer-gap" type="info" showIcon message={t('personal_more_soon')} />
    </Card>
  );
}
