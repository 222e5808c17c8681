import { SafetyOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import UrlSettingCard from './UrlSettingCard';
import { RISK_URL } from './urlSettings';

/**
 * System › Callback's risk-control address card (804, set with 80403; `/secret` → riskUrl).
 * Within a token's risk limits a withdrawal passes on its own only when this address answers
 * code 0; without an address such withdrawals pass without asking.
 */
export default function RiskUrlCard() {
  const { t } = useTranslation();
  return (
    <UrlSettingCard
      setting={RISK_URL}
      icon={<SafetyOutlined />}
      extraTip={
        <Typography.Text type="secondary" data-testid="risk-url-rule">
          {t('risk_url_rule')}
        </Typography.Text>
      }
    />
  );
}
