import { useEffect, useState } from 'react';
import { Alert, Card, Col, Row, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { homePoints, type HomePoints } from '@/api/points';
import { useAccess } from '@/hooks/useAccess';
import BalanceFigures from '@/pages/points/BalanceFigures';
import { assetLabel } from '@/pages/points/pointsRows';
import { formatAmountDown } from '@/pages/token/tokenRules';
import { PATHS } from '@/router/catalogue';
import { PAGES } from '@/router/permissions';

/**
 * The merchant's USDT and TRX points, as Points list shows them, with a warning for each below
 * the operator's low-balance threshold, and the oldest bill not paid yet; links to Points list
 * and Service list for whoever may open them.
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
    <Card title={t('home_points')} className="coffer-card" loading={points === null} data-testid="home-points" extra={mayOpen && openLink}>
      <Space direction="vertical" size={16} className="coffer-full">
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
        <Row gutter={[24, 16]}>
          {points?.balances.map((b) => (
            <Col key={b.asset} xs={24} md={12} data-testid={`home-points-balance-${b.asset}`}>
              <BalanceFigures balance={b} testPrefix="home-points" />
            </Col>
          ))}
        </Row>
      </Space>
    </Card>
  );
}
