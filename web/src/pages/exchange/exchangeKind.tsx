import type { ReactNode } from 'react';
import type { ListColumn } from '@/components/list/columnSettings';
import { exchangeDetail, type ExchangeDetail, type ExchangeRow } from '@/api/exchange';
import { detailItem, coreDetailItems, orderColumns, textCell, zoneTime } from '@/pages/orders/orderFields';
import type { ColumnOptions, OrderContext, OrderKind } from '@/pages/orders/orderKind';
import { EXCHANGE_ORIGIN, EXCHANGE_STATUS, EXCHANGE_STATUSES } from '@/pages/orders/statuses';
import { AmountText, HashText, LongText, StatusTag } from '@/pages/orders/StatusTags';
import { AddressText } from '@/pages/token/AddressText';
import { chainById } from '@/pages/token/tokenRules';
import { bpToPercent, isZeroDecimal } from '@/pages/trade/tradeRules';
import { PAGES } from '@/router/permissions';
import type { TranslationKey } from '@/locales/types';
import ExchangeLegs from './ExchangeLegs';
import { AmountOut, ExchangePair, ExchangeRate, ExchangeSource, ExchangeStatusTag, PaidIn } from './ExchangeCells';
import { usePairField } from './usePairField';

// Exchanges as an order kind (Token › Trade › Orders, Token detail › Trade): an end user pays
// token IN and is paid token OUT on the same chain. Its table, its detail drawer with both legs
// (the payment in; the payout or the refund), its status words and its pair filter.

/** The market rate as "1 USDT = 3.43 TRX"; a dash before the exchange was priced. */
const marketRateText = (row: ExchangeRow, t: OrderContext['t']): string =>
  isZeroDecimal(row.marketRate) ? '—' : t('trade_rate_line', { in: row.symbol, rate: row.marketRate, out: row.symbolOut });


/** Columns of the exchange tables: what a person scans for first (../orders/purpose.ts `EXCHANGE_COLUMNS`), the rest under Columns. */
export function exchangeColumns({ actions, ...context }: ColumnOptions<ExchangeRow>): Array<ListColumn<ExchangeRow>> {
  const { t, chains } = context;
  const shared = orderColumns<ExchangeRow>(context, 'exchange');
  const txurl = (row: ExchangeRow) => chainById(chains, row.chainId)?.txurl;
  const address = (key: keyof ExchangeRow & string, titleKey: TranslationKey, testId: string): ListColumn<ExchangeRow> => ({
    title: t(titleKey),
    dataIndex: key,
    key,
    secondary: true,
    render: (value: string) => <AddressText address={value} testId={testId} />,
  });
  const amount = (key: 'amountIn' | 'minOut', titleKey: TranslationKey, symbol: (row: ExchangeRow) => string, testId: string): ListColumn<ExchangeRow> => ({
    title: t(titleKey),
    dataIndex: key,
    key,
    align: 'right',
    secondary: true,
    render: (value: string, row) => (isZeroDecimal(value) ? '—' : <AmountText amount={value} symbol={symbol(row)} testId={testId} />),
  });
  const columns: Array<ListColumn<ExchangeRow>> = [
    shared.orderNo,
    shared.merchantOrderNo,
    { title: t('trade_col_pair'), key: 'pair', render: (_, row) => <ExchangePair row={row} testId="exchange-pair" /> },
    { title: t('xo_paid_in'), key: 'paidIn', align: 'right', phone: true, render: (_, row) => <PaidIn row={row} testId="exchange-paid-in" /> },
    { title: t('xo_amount_out'), key: 'amountOut', align: 'right', render: (_, row) => <AmountOut row={row} testId="exchange-amount-out" /> },
    { title: t('xo_rate'), key: 'rate', render: (_, row) => <ExchangeRate row={row} testId="exchange-rate" /> },
    { title: t('status'), dataIndex: 'status', key: 'status', phone: true, render: (_, row) => <ExchangeStatusTag row={row} testId="exchange-status" /> },
    shared.notices,
    shared.openId,
    {
      title: t('xo_origin'),
      dataIndex: 'origin',
      key: 'origin',
      secondary: true,
      render: (value: number) => <StatusTag map={EXCHANGE_ORIGIN} value={value} testId="exchange-origin" />,
    },
    address('toAddress', 'exchange_pay_address', 'exchange-pay-address'),
    address('fromAddress', 'exchange_payer', 'exchange-payer'),
    address('payoutAddress', 'xo_payout_address', 'exchange-payout-address'),
    { ...shared.hash, title: t('exchange_in_hash') },
    {
      title: t('exchange_out_hash'),
      dataIndex: 'outHash',
      key: 'outHash',
      secondary: true,
      render: (hash: string, row) => <HashText hash={hash} txurl={txurl(row)} testId="exchange-out-hash" />,
    },
    amount('amountIn', 'exchange_quoted_in', (row) => row.symbol, 'exchange-quoted-in'),
    amount('minOut', 'exchange_min_out', (row) => row.symbolOut, 'exchange-min-out'),
    { title: t('exchange_market_rate'), key: 'marketRate', secondary: true, render: (_, row) => <span data-testid="exchange-market-rate">{marketRateText(row, t)}</span> },
    { title: t('trade_spread'), dataIndex: 'spreadBp', key: 'spread', secondary: true, render: (value: number) => `${bpToPercent(value)}%` },
    { title: t('xo_fee'), dataIndex: 'fee', key: 'fee', align: 'right', secondary: true, render: (value: string) => textCell(value, 'exchange-fee') },
    shared.callback,
    shared.notifyStatus,
    shared.createtime,
    { title: t('exchange_pay_by'), dataIndex: 'payBy', key: 'payBy', secondary: true, render: (value: string) => zoneTime(value, context.timeZone) },
    shared.confirmedAt('xo_complete_time', (row) => row.completetime),
  ];
  if (actions) columns.push({ title: t('actions'), key: 'actions', fixed: 'right', render: (_, row) => actions(row) });
  return columns;
}

/** The exchange's own fields in the drawer: the order, its price and amounts, its times (the legs follow: ExchangeLegs). */
function exchangeDetailItems(shown: ExchangeRow, context: OrderContext) {
  const { t } = context;
  const shared = coreDetailItems(shown, context);
  const item = (labelKey: TranslationKey, children: ReactNode) => detailItem(t, labelKey, children);
  const amount = (labelKey: TranslationKey, value: string, symbol: string, testId: string) =>
    item(labelKey, isZeroDecimal(value) ? textCell('', testId) : <AmountText amount={value} symbol={symbol} testId={testId} />);
  return [
    shared.orderNo,
    item('merchant_order_no', textCell(shown.merchantOrderNo, 'detail-merchant-order-no')),
    item('xo_origin', <StatusTag map={EXCHANGE_ORIGIN} value={shown.origin} testId="detail-origin" />),
    shared.openId,
    shared.chain,
    item('trade_col_pair', <ExchangePair row={shown} testId="detail-pair" />),
    item('status', <StatusTag map={EXCHANGE_STATUS} value={shown.status} testId="detail-status" />),
    item('xo_reason', <LongText text={shown.reason} testId="detail-reason" />),
    item('xo_rate', <ExchangeRate row={shown} testId="detail-rate" />),
    item('exchange_market_rate', textCell(marketRateText(shown, t), 'detail-market-rate')),
    item('trade_spread', textCell(`${bpToPercent(shown.spreadBp)}%`, 'detail-spread')),
    item('xo_source', <ExchangeSource row={shown} testId="detail-source" />),
    shared.time('exchange_price_time', shown.priceTime, 'detail-price-time'),
    amount('exchange_quoted_in', shown.amountIn, shown.symbol, 'detail-quoted-in'),
    amount('exchange_min_out', shown.minOut, shown.symbolOut, 'detail-min-out'),
    item('xo_amount_out', <AmountOut row={shown} testId="detail-amount-out" />),
    item('xo_fee', textCell(shown.fee, 'detail-fee')),
    item('exchange_pay_address', <AddressText address={shown.toAddress} testId="detail-pay-address" />),
    shared.time('exchange_pay_by', shown.payBy, 'detail-pay-by'),
    shared.callbackStatus,
    shared.callbackResult,
    shared.notifyStatus,
    shared.created,
    shared.time('xo_complete_time', shown.completetime, 'detail-completed'),
  ];
}

/** Exchanges: every role that lists them (204) reads their detail. */
export const EXCHANGE_KIND: OrderKind<ExchangeRow, ExchangeDetail> = {
  testId: 'exchange',
  screenTestId: 'exchanges',
  statuses: EXCHANGE_STATUSES,
  statusViews: EXCHANGE_STATUS,
  useScopeField: usePairField,
  withMerchantOrderNo: true,
  drawerWidth: 760,
  columns: exchangeColumns,
  detail: (id) => exchangeDetail(id),
  readsDetail: (hasPermission) => hasPermission(PAGES.trade),
  detailItems: exchangeDetailItems,
  detailSections: (detail, loading, context) => <ExchangeLegs detail={detail} loading={loading} {...context} />,
};
