import { useEffect, useState } from 'react';
import { Alert, Card, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { homePoints, type HomePoints, type PointStanding } from '@/api/points';
import { useAccess } from '@/hooks/useAccess';
import { AmountText } from '@/pages/orders/StatusTags';
import { assetLabel, assetSymbol } from '@/pages/points/pointsRows';
import { formatAmountDown } from '@/pages/token/tokenRules';
import { PATHS } from '@/router/catalogue';
import { PAGES } from '@/router/permissions';

/** One asset's points in the tile: what is available as the statistic (orange when low), held and the credit limit under it. */
function PointsFigure({ balance: b }: { balance: PointStanding }) {
  const { t } = useTranslation();
  const symbol = assetSymbol(b.asset);
  const line = (label: string, amount: string, testId: string) => (
    <div className="coffer-tile-amount">
      <Typography.Text type="secondary">{label}</Typography.Text> <AmountText amount={amount} symbol={symbol} testId={`${testId}-${b.asset}`} />
    </div>
  );
  return (
    <div className={b.low ? 'coffer-tile-figure coffer-tile-low' : 'coffer-tile-figure'} data-testid={`home-points-balance-${b.asset}`}>
      <Statistic
        title={t('label_value', { label: assetLabel(t, b.asset), value: t('points_available') })}
        valueRender={() => <AmountText amount={b.available} symbol={symbol} testId={`home-points-available-${b.asset}`} />}
      />
      {line(t('points_held'), b.held, 'home-points-held')}
      {line(t('points_credit_limit'), b.creditLimit, 'home-points-credit')}
    </div>
  );
}

/**
 * The points tile in Home's top row: the merchant's USDT and TRX points (available, held, credit
 * limit, as Points list has them), a warning for each below the operator's low-balance
 * threshold above them, and the oldest bill not paid yet; links to Points list and Service list
 * for whoever may open them.
 */
export function PointsCard() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const [points, setPoints] = useState<HomePoints | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    homePoints()
      .then(setPoints)
      .catch(() => setFailed(true)); // the request layer told the user
  }, []);
  if (failed) return null;
  const mayOpen = hasPermission(PAGES.points);
  const openLink = <Link to={PATHS.points} data-testid="home-points-open">{t('home_points_open')}</Link>;
  return (
    <Card size="small" title={t('home_points')} className="coffer-card coffer-tile" loading={points === null} data-testid="home-points" extra={mayOpen && openLink}>
      <Space direction="vertical" size={12} className="coffer-full">
        {points?.balances
          .filter((b) => b.low)
          .map((b) => (
            <Alert
              key={b.asset}
              type="warning"
              showIcon
              data-testid={`home-points-low-${b.asset}`}
              message={t('home_points_low', { asset: assetLabel(t, b.asset), threshold: b.threshold })}
              description={mayOpen ? t('home_points_low_recharge') : undefined}
            />
          ))}
        {points?.billDue && (
          <Alert
            type={points.billDue.status === 1 ? 'warning' : 'info'}
            showIcon
            data-testid="home-bill-due"
            message={t(points.billDue.status === 1 ? 'home_bill_due' : 'home_bill_confirming', {
              period: points.billDue.period,
              due: formatAmountDown(points.billDue.due),
            })}
            action={
              hasPermission(PAGES.service) && (
                <Link to={PATHS.service} data-testid="home-bill-open">
                  {t('home_bill_open')}
                </Link>
              )
            }
          />
        )}
        <div className="coffer-tile-figures">
          {points?.balances.map((b) => <PointsFigure key={b.asset} balance={b} />)}
        </div>
      </Space>
    </Card>
  );
}
