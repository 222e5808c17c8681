import { useEffect, useState, type ReactNode } from 'react';
import { Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyProfile } from '@/api/energy';
import type { ChainNode } from '@/api/types';
import { AmountText } from '@/pages/orders/StatusTags';
import EnergyRecharge from './EnergyRecharge';
import { energyText, secondsSince } from './energyRules';

/** The clock, read again every second (the price's age counts up while the screen is open). */
function useNowMs(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The live price and how old it is; "—" when no TRON node answered. */
function PriceFigure({ price, readAt }: { price: number | null; readAt: string | null }) {
  const { t } = useTranslation();
  const now = useNowMs();
  if (price === null) {
    return (
      <Tooltip title={t('energy_price_unknown')}>
        <span data-testid="energy-price">—</span>
      </Tooltip>
    );
  }
  return (
    <span>
      <span data-testid="energy-price" data-price={price}>
        {t('energy_price_value', { price })}
      </span>
      {readAt !== null && (
        <Typography.Text type="secondary">
          {' · '}
          <span data-testid="energy-price-age">{t('energy_price_age', { seconds: secondsSince(readAt, now) })}</span>
        </Typography.Text>
      )}
    </span>
  );
}

/**
 * The profile band: TRX points available and held, orders in progress, the month's uses and
 * energy and what burning TRX would have cost for them, the live energy price; "Recharge TRX
 * points" at the top right. `profile` null: not read (yet, or the read failed: dashes).
 */
export default function EnergyProfileCard({ profile, loading, chains }: { profile: EnergyProfile | null; loading: boolean; chains: readonly ChainNode[] }) {
  const { t } = useTranslation();
  const points = t('points_asset_2');
  const figure = (title: string, value: ReactNode) => <Statistic title={title} valueRender={() => value} />;
  const dash = (testId: string) => <span data-testid={testId}>—</span>;
  const count = (value: number | undefined, testId: string) => (value === undefined ? dash(testId) : <span data-testid={testId}>{energyText(value)}</span>);
  const amount = (value: string | null | undefined, symbol: string, testId: string) => (value == null ? dash(testId) : <AmountText amount={value} symbol={symbol} testId={testId} />);
  return (
    <Card title={t('energy_profile')} className="coffer-card coffer-gap-bottom" loading={loading && profile === null} extra={<EnergyRecharge chains={chains} />} data-testid="energy-profile">
      <Row gutter={[24, 16]}>
        <Col xs={24} sm={12} lg={8}>
          {figure(t('energy_trx_available'), amount(profile?.trxPoints.available, points, 'energy-trx-available'))}
        </Col>
        <Col xs={24} sm={12} lg={8}>
          {figure(t('energy_trx_held'), amount(profile?.trxPoints.held, points, 'energy-trx-held'))}
        </Col>
        <Col xs={24} sm={12} lg={8}>
          {figure(t('energy_orders_in_progress'), count(profile?.ordersInProgress, 'energy-orders-in-progress'))}
        </Col>
        <Col xs={24} sm={12} lg={8}>
          {figure(t('energy_uses_month'), count(profile?.usesThisMonth, 'energy-uses-month'))}
        </Col>
        <Col xs={24} sm={12} lg={8}>
          {figure(t('energy_energy_month'), count(profile?.energyThisMonth, 'energy-energy-month'))}
        </Col>
        <Col xs={24} sm={12} lg={8}>
          {figure(t('energy_burn_saved_month'), amount(profile?.burnSavedThisMonth, 'TRX', 'energy-burn-saved'))}
        </Col>
        <Col xs={24}>{figure(t('energy_price'), profile ? <PriceFigure price={profile.energyPrice} readAt={profile.priceReadAt} /> : dash('energy-price'))}</Col>
      </Row>
    </Card>
  );
}
