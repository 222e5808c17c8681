import { useMemo } from 'react';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DailyTx } from '@/api/home';
import DailyChart from '@/components/charts/DailyChart';
import type { DailyTally } from '@/components/charts/dailyOption';

const direction = (days: readonly DailyTx[], which: 'deposits' | 'withdrawals'): DailyTally[] =>
  days.map((day) => ({ date: day.date, tally: day[which] }));

/** Deposits and withdrawals per day of the period (complete orders): amounts per token and counts. */
export default function DailyCharts({ days }: { days: readonly DailyTx[] }) {
  const { t } = useTranslation();
  const deposits = useMemo(() => direction(days, 'deposits'), [days]);
  const withdrawals = useMemo(() => direction(days, 'withdrawals'), [days]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Typography.Title level={5} className="coffer-chart-title">{t('home_chart_deposits')}</Typography.Title>
        <DailyChart days={deposits} testId="home-chart-deposits" />
      </Col>
      <Col xs={24} xl={12}>
        <Typography.Title level={5} className="coffer-chart-title">{t('home_chart_withdrawals')}</Typography.Title>
        <DailyChart days={withdrawals} testId="home-chart-withdrawals" />
      </Col>
    </Row>
  );
}
