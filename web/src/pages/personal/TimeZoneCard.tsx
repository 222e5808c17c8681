import { useEffect, useState } from 'react';
import { Button, Select, Space, Typography } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import IconCard from '@/components/IconCard';
import { setTimeZone } from '@/api/personal';
import { merchantTimeZone, useMerchantTimeZone } from '@/store/merchantTimeZone';
import { useSession } from '@/store/session';
import { toast } from '@/utils/feedback';
import { formatUtcOffset } from '@/utils/format';
import { TIME_ZONES } from '@/utils/timezone';

/** The merchant's time zone: 25 whole offsets, -11..+13. Only the admin role may change it. */
export default function TimeZoneCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const current = useMerchantTimeZone();
  const [choice, setChoice] = useState<number | null>(current);
  const [saving, setSaving] = useState(false);
  const isAdmin = user?.isAdmin === true;

  useEffect(() => setChoice(current), [current]);

  const save = async () => {
    if (choice === null) return;
    setSaving(true);
    try {
      await setTimeZone(choice);
      merchantTimeZone.set(choice);
      toast.success(t('saved_successfully'));
    } catch {
      /* the request layer showed why (10403 for a role other than admin) */
    } finally {
      setSaving(false);
    }
  };

  return (
    <IconCard icon={<GlobalOutlined />} title={t('time_zone')} testId="timezone-card">
      <Space direction="vertical" size={12} className="coffer-full">
        <Typography.Text type="secondary">{t('time_zone_desc')}</Typography.Text>
        <Space wrap>
          <Select<number>
            value={choice ?? undefined}
            onChange={setChoice}
            disabled={!isAdmin}
            loading={current === null}
            virtual={false}
            className="coffer-timezone-select"
            data-testid="timezone-select"
            options={TIME_ZONES.map((zone) => ({ value: zone, label: t('utc_offset', { offset: formatUtcOffset(zone) }) }))}
          />
          {isAdmin && (
            <Button type="primary" onClick={save} loading={saving} disabled={choice === null || choice === current} data-testid="timezone-save">
              {t('save')}
            </Button>
          )}
        </Space>
        {!isAdmin && (
          <Typography.Text type="secondary" data-testid="timezone-admin-only">
            {t('time_zone_admin_only')}
          </Typography.Text>
        )}
      </Space>
    </IconCard>
  );
}
