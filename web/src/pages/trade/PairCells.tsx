import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OutsideRule, PriceSourceKind, type PairView } from '@/api/exchange';
import { secondsSince } from '@/pages/energy/energyRules';
import { AmountText } from '@/pages/orders/StatusTags';
import { AddressText } from '@/pages/token/AddressText';
import { ageText, bpToPercent, isZeroDecimal } from './tradeRules';

// The cells of the pairs table. Rates and amounts are shown as the server sent them (texts).

/** "Devchain · USDT → DEV". */
export function PairName({ pair }: { pair: PairView }) {
  return (
    <span data-testid="trade-pair">
      <Typography.Text type="secondary">{pair.chainname}</Typography.Text> {pair.tokenIn.symbol} → {pair.tokenOut.symbol}
    </span>
  );
}

/** The quote and market rates with the price's age; a stopped pair's reason, in red, instead. */
export function RateCell({ pair }: { pair: PairView }) {
  const { t } = useTranslation();
  const { price, tokenIn, tokenOut } = pair;
  if (price.stopped) {
    return (
      <Tooltip title={t('trade_stopped_tip')}>
        <Tag color="error" data-testid="trade-stopped" data-code={price.stopped.code}>
          {price.stopped.msg}
        </Tag>
      </Tooltip>
    );
  }
  const line = (rate: string | null) => (rate === null ? '—' : t('trade_rate_line', { in: tokenIn.symbol, rate, out: tokenOut.symbol }));
  return (
    <Space direction="vertical" size={0}>
      <span>
        {t('trade_quote')}: <Typography.Text strong data-testid="trade-quote-rate">{line(price.quoteRate)}</Typography.Text>
      </span>
      <Typography.Text type="secondary">
        {t('trade_market')}: <span data-testid="trade-market-rate">{line(price.rate)}</span>
        {price.ageSecs !== null && (
          <>
            {' · '}
            <span data-testid="trade-price-age">{ageText(price.ageSecs, t)}</span>
          </>
        )}
      </Typography.Text>
    </Space>
  );
}

/** None, "fixed, not market", or the feed's host with its staleness limit. */
export function SourceCell({ pair }: { pair: PairView }) {
  const { t } = useTranslation();
  const { source } = pair;
  if (source.kind === PriceSourceKind.None) return <span data-testid="trade-source">{t('trade_source_none')}</span>;
  if (source.kind === PriceSourceKind.Fixed) {
    return (
      <Tag color="orange" data-testid="trade-source">
        {t('trade_source_fixed')}
      </Tag>
    );
  }
  return (
    <Space direction="vertical" size={0} data-testid="trade-source">
      <span>{source.label}</span>
      {source.maxAgeSecs !== null && <Typography.Text type="secondary">{t('trade_source_feed_limit', { seconds: source.maxAgeSecs })}</Typography.Text>}
    </Space>
  );
}

/** Spread and tolerance as percents, from their basis points. */
export function SpreadCell({ pair }: { pair: PairView }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={0}>
      <span data-testid="trade-spread">{t('label_value', { label: t('trade_spread'), value: `${bpToPercent(pair.spreadBp)}%` })}</span>
      <Typography.Text type="secondary" data-testid="trade-tolerance">
        {t('label_value', { label: t('trade_tolerance'), value: `${bpToPercent(pair.toleranceBp)}%` })}
      </Typography.Text>
    </Space>
  );
}

/** Min – max per order, the daily limit and what today used of it, in token IN. */
export function LimitsCell({ pair }: { pair: PairView }) {
  const { t } = useTranslation();
  const symbol = pair.tokenIn.symbol;
  const noDailyLimit = isZeroDecimal(pair.dailyLimit);
  return (
    <Space direction="vertical" size={0}>
      <span>
        {t('trade_min_max')}: <span data-testid="trade-min-max">{`${pair.minIn} – ${pair.maxIn} ${symbol}`}</span>
      </span>
      <Typography.Text type="secondary">
        {t('trade_daily_limit')}: <span data-testid="trade-daily">{noDailyLimit ? t('trade_daily_none') : `${pair.dailyLimit} ${symbol}`}</span>
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('trade_used_today')}: <span data-testid="trade-used">{`${pair.usedToday} ${symbol}`}</span>
      </Typography.Text>
    </Space>
  );
}

/** The payout wallet (short, with copy) and the token OUT it held at its last reading, with the reading's age. */
export function PayoutCell({ pair, nowMs }: { pair: PairView; nowMs: number }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={0}>
      <AddressText address={pair.payoutWallet} testId="trade-payout" />
      {pair.payoutBalance === null ? (
        <Typography.Text type="secondary" data-testid="trade-payout-unread">
          {t('trade_balance_not_read')}
        </Typography.Text>
      ) : (
        <span>
          <AmountText amount={pair.payoutBalance} symbol={pair.tokenOut.symbol} testId="trade-payout-balance" />
          {pair.payoutBalanceAt !== null && (
            <Typography.Text type="secondary" data-testid="trade-payout-age">
              {' · '}
              {t('trade_balance_read', { age: ageText(secondsSince(pair.payoutBalanceAt, nowMs), t) })}
            </Typography.Text>
          )}
        </span>
      )}
    </Space>
  );
}

export const OUTSIDE_RULE_KEYS = { [OutsideRule.Refund]: 'trade_outside_refund', [OutsideRule.HoldForReview]: 'trade_outside_hold' } as const;

export function OutsideCell({ pair }: { pair: PairView }) {
  const { t } = useTranslation();
  return <span data-testid="trade-outside">{t(OUTSIDE_RULE_KEYS[pair.outsideRule])}</span>;
}
