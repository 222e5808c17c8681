import { useMemo } from 'react';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DailyTx } from '@/api/home';
import EChart from './EChart';
import { dailyOption } from './dailyOption';

/** Deposits and withdrawals per day of the period (complete orders): amounts per token and counts. */
export default function DailyCharts({ days }: { days: readonly DailyTx[] }) {
  const { t } = useTranslation();
  const countLabel = t('home_chart_count');
  const deposits = useMemo(() => dailyOption(days, 'deposits', countLabel), [days, countLabel]);
  const withdrawals = useMemo(() => dailyOption(days, 'withdrawals', countLabel), [days, countLabel]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Typography.Title level={5}>{t('home_chart_deposits')}</Typography.Title>
        <EChart option={deposits} testId="home-chart-deposits" />
      </Col>
      <Col xs={24} xl={12}>
        <Typography.Title level={5}>{t('home_chart_withdrawals')}</Typography.Title>
        <EChart option={withdrawals} testId="home-chart-withdrawals" />
      </Col>
    </Row>
  );
}
