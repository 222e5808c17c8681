import { Card, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MoneyMoved, Tally } from '@/api/home';
import { useAccess } from '@/hooks/useAccess';
import { AmountText } from '@/pages/orders/StatusTags';
import { PAGES } from '@/router/permissions';
import { assetKey, isEmptyTally } from './overview';

// The statistic tiles at the top of Home: what moved today and in the period (complete orders).

/** Complete orders of one direction: their count as the statistic, then the amount of each asset under it. */
function TallyFigure({ tally, label, testId }: { tally: Tally; label: string; testId: string }) {
  return (
    <div className="coffer-tile-figure" data-testid={testId}>
      <Statistic title={label} value={tally.count} valueRender={(value) => <span data-testid={`${testId}-count`}>{value}</span>} />
      {tally.totals.map((total) => (
        <div key={assetKey(total)} className="coffer-tile-amount">
          <AmountText amount={total.amount} symbol={total.symbol} testId={`${testId}-amount`} />{' '}
          <Typography.Text type="secondary">{total.chainname}</Typography.Text>
        </div>
      ))}
    </div>
  );
}

/** A tile of complete deposits and withdrawals (and exchanges, for whoever deals with them); loading while `figures` is null. */
export function FiguresTile({ title, figures, testId }: { title: string; figures: MoneyMoved | null; testId: string }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  // Exchanges are Token › Trade's: shown to who may open it, or once the merchant has any.
  const exchanges = figures && (hasPermission(PAGES.trade) || !isEmptyTally(figures.exchanges)) ? figures.exchanges : null;
  return (
    <Card
      size="small"
      title={title}
      extra={<Typography.Text type="secondary">{t('home_complete_orders')}</Typography.Text>}
      className="coffer-card coffer-tile"
      data-testid={testId}
      loading={figures === null}
    >
      {figures && (
        <div className="coffer-tile-figures">
          <TallyFigure tally={figures.deposits} label={t('home_deposits')} testId={`${testId}-deposits`} />
          <TallyFigure tally={figures.withdrawals} label={t('home_withdrawals')} testId={`${testId}-withdrawals`} />
          {exchanges && <TallyFigure tally={exchanges} label={t('home_exchanges')} testId={`${testId}-exchanges`} />}
        </div>
      )}
    </Card>
  );
}
