import { Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_OUTCOMES, type OrderOutcome, type OrderSummary, type OrderTotal } from '@/api/orders';
import type { TranslationKey } from '@/locales/types';
import { AmountText } from './StatusTags';

/** One list's figures in the line: the transaction list shows its deposits and its withdrawals. */
export interface SummaryPart {
  summary: OrderSummary | null;
  /** The count's label: 'summary_deposits', 'summary_transactions', 'summary_withdrawals'. */
  countKey: TranslationKey;
}

interface OrderSummaryBarProps {
  parts: readonly SummaryPart[];
  loading: boolean;
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

/** One part: how many in all, then each outcome with its count and totals. */
function Part({ summary, countKey }: SummaryPart) {
  const { t } = useTranslation();
  const outcomes = summary?.outcomes;
  return (
    <span className="coffer-summary-part">
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
    </span>
  );
}

/**
 * What the filter selects (all pages), on one compact line: how many in all, then the money that
 * moved (complete) apart from pending, rejected, failed and uncredited rows, each with its count
 * and totals. Outcomes with no rows other than complete are left out. A line holding more than
 * fits scrolls sideways inside itself rather than pushing the rows down.
 */
export default function OrderSummaryBar({ parts, loading }: OrderSummaryBarProps) {
  return (
    <Spin spinning={loading} size="small">
      <div className="coffer-summary" data-testid="deposit-summary">
        {parts.map((part) => (
          <Part key={part.countKey} {...part} />
        ))}
      </div>
    </Spin>
  );
}
