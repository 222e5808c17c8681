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

/** Home's points (`/home/points`), read once: null while loading; `failed` leaves them out (the request layer told the user). */
export function useHomePoints(): { points: HomePoints | null; failed: boolean } {
  const [points, setPoints] = useState<HomePoints | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    homePoints().then(setPoints, () => setFailed(true));
  }, []);
  return { points, failed };
}

/**
 * What is urgent about the points, for the top of Home: a warning naming each asset below the
 * operator's low-balance threshold (fees are paid from them), and the oldest bill not paid yet;
 * each links to where it is handled for whoever may open it. Nothing while all is well.
 */
export function PointsAlerts({ points }: { points: HomePoints | null }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  if (!points) return null;
  const mayOpen = hasPermission(PAGES.points);
  const low = points.balances.filter((b) => b.low);
  if (low.length === 0 && !points.billDue) return null;
  return (
    <Space direction="vertical" size={8} className="coffer-full" data-testid="home-points-alerts">
      {low.length > 0 && (
        // One warning for every asset that is low: the advice and the link once.
        <Alert
          type="warning"
          showIcon
          data-testid="home-points-low"
          message={
            <Space direction="vertical" size={0}>
              {low.map((b) => (
                <span key={b.asset} data-testid={`home-points-low-${b.asset}`}>
                  {t('home_points_low', { asset: assetLabel(t, b.asset), threshold: b.threshold })}
                </span>
              ))}
            </Space>
          }
          description={mayOpen ? t('home_points_low_recharge') : undefined}
          action={
            mayOpen && (
              <Link to={PATHS.points} data-testid="home-points-low-open">
                {t('home_points_open')}
              </Link>
            )
          }
        />
      )}
      {points.billDue && (
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
    </Space>
  );
}

/** The merchant's USDT and TRX points (available, held, credit limit: the amounts Points list shows), with a link to Points list for whoever may open it. */
export function PointsCard({ points }: { points: HomePoints | null }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const openLink = hasPermission(PAGES.points) && (
    <Link to={PATHS.points} data-testid="home-points-open">
      {t('home_points_open')}
    </Link>
  );
  return (
    <Card size="small" title={t('home_points')} className="coffer-card" loading={points === null} data-testid="home-points" extra={openLink}>
      <div className="coffer-tile-figures">
        {points?.balances.map((b) => <PointsFigure key={b.asset} balance={b} />)}
      </div>
    </Card>
  );
}
