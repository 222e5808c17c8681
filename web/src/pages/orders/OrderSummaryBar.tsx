import { Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_OUTCOMES, type OrderOutcome, type OrderSummary, type OrderTotal } from '@/api/orders';
import type { TranslationKey } from '@/locales/types';
import { AmountText } from './StatusTags';

interface OrderSummaryBarProps {
  summary: OrderSummary | null;
  loading: boolean;
  /** The count's label: 'summary_deposits', 'summary_transactions', 'summary_withdrawals'. */
  countKey: TranslationKey;
}

const OUTCOME_COLORS: Record<OrderOutcome, string | undefined> = {
  complete: 'success',
  pending: 'processing',
  rejected: 'warning',
  failed: 'error',
  uncredited: 'default',
};

/** The per-token totals of one outcome; the complete ones keep the plain `summary-total-…` ids. */
function Totals({ outcome, totals }: { outcome: OrderOutcome; totals: readonly OrderTotal[] }) {
  const prefix = outcome === 'complete' ? 'summary-total' : `summary-${outcome}-total`;
  return (
    <>
      {totals.map((total) => (
        <Tag key={`${total.chainId}-${total.tokenId}`} className="coffer-summary-total" data-testid={`${prefix}-${total.chainId}-${total.tokenId}`}>
          <AmountText amount={total.amount} symbol={total.symbol} testId="summary-amount" /> <span className="coffer-muted">{total.chainname}</span>
        </Tag>
      ))}
    </>
  );
}

/**
 * What the filter selects (all pages): how many in all, then the money that moved (complete)
 * apart from pending, rejected, failed and uncredited rows, each with its count and totals.
 * Outcomes with no rows other than complete are left out.
 */
export default function OrderSummaryBar({ summary, loading, countKey }: OrderSummaryBarProps) {
  const { t } = useTranslation();
  const outcomes = summary?.outcomes;
  return (
    <div className="coffer-summary coffer-gap-bottom" data-testid="deposit-summary">
      <Spin spinning={loading} size="small">
        <Space wrap size={[16, 8]}>
          <Typography.Text strong data-testid="summary-count" data-count={summary?.count ?? ''}>
            {t(countKey, { count: summary?.count ?? 0 })}
          </Typography.Text>
          {ORDER_OUTCOMES.filter((outcome) => outcome === 'complete' || (outcomes?.[outcome]?.count ?? 0) > 0).map((outcome) => {
            const found = outcomes?.[outcome];
            return (
              <span key={outcome} className="coffer-summary-group" data-testid={`summary-${outcome}`} data-count={found?.count ?? 0}>
                <Tag color={OUTCOME_COLORS[outcome]} bordered={false}>
                  {t(`summary_outcome_${outcome}`, { count: found?.count ?? 0 })}
                </Tag>
                {found && found.totals.length > 0 ? (
                  <Totals outcome={outcome} totals={found.totals} />
                ) : (
                  outcome === 'complete' && (
                    <Typography.Text type="secondary" data-testid="summary-none">
                      {t('summary_none')}
                    </Typography.Text>
                  )
                )}
              </span>
            );
          })}
        </Space>
      </Spin>
    </div>
  );
}
