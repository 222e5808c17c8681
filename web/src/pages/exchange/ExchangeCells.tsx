import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PriceSourceKind, type ExchangeRow } from '@/api/exchange';
import { EXCHANGE_STATUS } from '@/pages/orders/statuses';
import { AmountText, LongText, StatusTag } from '@/pages/orders/StatusTags';
import { isZeroDecimal } from '@/pages/trade/tradeRules';
import { isPaidOut, pairText } from './exchangeRules';

// The cells of an exchange order, in its table and its detail drawer (test ids given by the caller).

/** "USDT → TRX", the chain muted before it. */
export function ExchangePair({ row, testId }: { row: ExchangeRow; testId: string }) {
  return (
    <span className="coffer-nowrap" data-testid={testId}>
      <Typography.Text type="secondary">{row.chainname}</Typography.Text> {pairText(row.symbol, row.symbolOut)}
    </span>
  );
}

/** What the end user paid, in token IN; a dash until paid. */
export function PaidIn({ row, testId }: { row: ExchangeRow; testId: string }) {
  if (isZeroDecimal(row.paidIn)) return <span data-testid={testId}>—</span>;
  return <AmountText amount={row.paidIn} symbol={row.symbol} testId={testId} />;
}

/**
 * Token OUT: as paid once the payout is sent; before that (or when it never was: refunded,
 * expired) muted and marked `<testId>-unpaid`, since it is only what the rate gives.
 */
export function AmountOut({ row, testId }: { row: ExchangeRow; testId: string }) {
  const { t } = useTranslation();
  if (isZeroDecimal(row.amountOut)) return <span data-testid={testId}>—</span>;
  const amount = <AmountText amount={row.amountOut} symbol={row.symbolOut} testId={testId} />;
  if (isPaidOut(row.status)) return amount;
  return (
    <span className="coffer-muted" title={t('exchange_out_not_paid')} data-testid={`${testId}-unpaid`}>
      {amount}
    </span>
  );
}

/** "1 USDT = 3.41 TRX" after the spread, "fixed, not market" for a fixed rate, and "Repriced" for a late payment priced afresh. */
export function ExchangeRate({ row, testId }: { row: ExchangeRow; testId: string }) {
  const { t } = useTranslation();
  if (isZeroDecimal(row.rate)) return <span data-testid={testId}>—</span>;
  return (
    <Space size={4}>
      <span className="coffer-nowrap" data-testid={testId}>
        {t('trade_rate_line', { in: row.symbol, rate: row.rate, out: row.symbolOut })}
      </span>
      {row.source === PriceSourceKind.Fixed && (
        <Tag color="orange" data-testid={`${testId}-fixed`}>
          {t('trade_source_fixed')}
        </Tag>
      )}
      {row.repriced && (
        <Tooltip title={t('exchange_repriced_tip')}>
          <Tag color="gold" data-testid={`${testId}-repriced`}>
            {t('exchange_repriced')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** The exchange's state in its own words, and why when the server says (held, refunded, failed). */
export function ExchangeStatusTag({ row, testId }: { row: ExchangeRow; testId: string }) {
  return (
    <Space size={4}>
      <StatusTag map={EXCHANGE_STATUS} value={row.status} testId={testId} />
      {row.reason ? <LongText text={row.reason} testId={`${testId}-reason`} /> : null}
    </Space>
  );
}

/** The price source: "fixed, not market", or the feed the server names. */
export function ExchangeSource({ row, testId }: { row: ExchangeRow; testId: string }) {
  const { t } = useTranslation();
  if (row.source === PriceSourceKind.Fixed) {
    return (
      <Tag color="orange" data-testid={testId}>
        {t('trade_source_fixed')}
      </Tag>
    );
  }
  return <span data-testid={testId}>{row.sourceLabel || '—'}</span>;
}
