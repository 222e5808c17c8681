import { Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CollectionSummary } from '@/api/collection';
import { AmountText } from '@/pages/orders/StatusTags';

/**
 * What the filter selects (all pages), on the list kit's one compact summary line: how many
 * collections, how many of them collected, then per chain and token what those moved and the
 * network fees every step paid, in the chain's coin.
 */
export default function CollectionSummaryBar({ summary, loading }: { summary: CollectionSummary | null; loading: boolean }) {
  const { t } = useTranslation();
  const collected = summary?.totals.reduce((sum, total) => sum + total.collectedCount, 0) ?? 0;
  return (
    <Spin spinning={loading} size="small">
      <div className="coffer-summary" data-testid="collection-summary">
        <span className="coffer-summary-part">
          <Typography.Text strong data-testid="collection-summary-count" data-count={summary?.count ?? ''}>
            {t('collection_summary_count', { count: summary?.count ?? 0 })}
          </Typography.Text>
          <Tag color="success" bordered={false} data-testid="collection-summary-collected" data-count={collected}>
            {t('collection_summary_collected', { count: collected })}
          </Tag>
          {summary && summary.totals.length === 0 && (
            <Typography.Text type="secondary" data-testid="collection-summary-none">
              {t('collection_summary_none')}
            </Typography.Text>
          )}
        </span>
        {summary?.totals.map((total) => (
          <span key={`${total.chainId}-${total.tokenId}`} className="coffer-summary-part" data-testid={`collection-summary-total-${total.chainId}-${total.tokenId}`}>
            <AmountText amount={total.collected} symbol={total.symbol} testId="collection-summary-amount" />
            <span className="coffer-muted">{total.chainname}</span>
            <Typography.Text type="secondary">{t('collection_summary_fees')}</Typography.Text>
            <AmountText amount={total.feePaid} symbol={total.nativeSymbol} testId="collection-summary-fee" />
          </span>
        ))}
      </div>
    </Spin>
  );
}
