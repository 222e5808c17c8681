import { Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@/api/orders';
import type { TranslationKey } from '@/locales/types';
import { AmountText } from './StatusTags';

interface OrderSummaryBarProps {
  summary: OrderSummary | null;
  loading: boolean;
  /** The count's label: 'summary_deposits', 'summary_transactions', 'summary_withdrawals'. */
  countKey: TranslationKey;
}

/** Count and total quantity per token of what the filter selects (all pages). */
export default function OrderSummaryBar({ summary, loading, countKey }: OrderSummaryBarProps) {
  const { t } = useTranslation();
  return (
    <div className="coffer-summary coffer-gap-bottom" data-testid="deposit-summary">
      <Spin spinning={loading} size="small">
        <Space wrap size={[16, 8]}>
          <Typography.Text strong data-testid="summary-count" data-count={summary?.count ?? ''}>
            {t(countKey, { count: summary?.count ?? 0 })}
          </Typography.Text>
          <Typography.Text type="secondary">{t('label_colon', { label: t('summary_totals') })}</Typography.Text>
          {summary && summary.totals.length > 0 ? (
            summary.totals.map((total) => (
              <Tag key={`${total.chainId}-${total.tokenId}`} className="coffer-summary-total" data-testid={`summary-total-${total.chainId}-${total.tokenId}`}>
                <AmountText amount={total.amount} symbol={total.symbol} testId="summary-amount" />{' '}
                <span className="coffer-muted">{total.chainname}</span>
              </Tag>
            ))
          ) : (
            <Typography.Text type="secondary" data-testid="summary-none">
              {t('summary_none')}
            </Typography.Text>
          )}
        </Space>
      </Spin>
    </div>
  );
}
