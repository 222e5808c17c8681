import type { ReactNode } from 'react';
import { Space, Tooltip, Typography } from 'antd';
import type { OrderRowBase, OrderRowCore } from '@/api/orders';
import CellText from '@/components/list/CellText';
import type { ListColumn } from '@/components/list/columnSettings';
import { AddressText } from '@/pages/token/AddressText';
import { chainById } from '@/pages/token/tokenRules';
import { formatInZone } from '@/utils/timezone';
import type { TranslationKey } from '@/locales/types';
import type { OrderContext } from './orderKind';
import { ORDER_STATUS } from './statuses';
import { AmountText, CallbackStatusTag, HashText, LongText, NoticeTags, NotifyStatusTag, StatusTag } from './StatusTags';

// The fields every order kind shows, by name: table columns (test ids under the kind's prefix)
// and detail items. A kind lists them in its own order, with its own fields between.

/** A time in the merchant's zone, or a dash. */
export const zoneTime = (value: string | null | undefined, timeZone: number | null): ReactNode =>
  value ? <span className="coffer-nowrap">{formatInZone(value, timeZone)}</span> : '—';

/** Plain text with a test id, a dash when empty. */
export const textCell = (value: string | null | undefined, testId?: string) => <span data-testid={testId}>{value || '—'}</span>;

/**
 * The table columns of the shared fields; `prefix` names their test ids (`deposit-amount`,
 * `wd-amount`). What a list shows at first is what a person scans for (the kind chooses: the
 * order number, the amount with its token, the status, the time and the actions, so they fit
 * at 1200 px); the others are `secondary`: in the detail drawer, one click on the row away, or
 * switched on in the column settings. On a phone a row shows its amount (and its kind's status).
 */
export function orderColumns<R extends OrderRowCore>({ t, timeZone, chains }: OrderContext, prefix: string) {
  const column = (spec: ListColumn<R>): ListColumn<R> => spec;
  return {
    orderNo: column({
      title: t('order_no'),
      dataIndex: 'orderNo',
      key: 'orderNo',
      fixed: 'left',
      render: (value: string) => <span data-testid={`${prefix}-order-no`}>{value}</span>,
    }),
    /** The merchant's own order number (a withdrawal's, from the merchant API; most deposits have none). */
    merchantOrderNo: column({
      title: <Tooltip title={t('merchant_order_no')}>{t('merchant_order_short')}</Tooltip>,
      dataIndex: 'merchantOrderNo',
      key: 'merchantOrderNo',
      secondary: true,
      render: (value: string) => <CellText text={value} width={84} testId={`${prefix}-merchant-order-no`} />,
    }),
    openId: column({ title: t('openid'), dataIndex: 'openId', key: 'openId', secondary: true, render: (value: string) => <CellText text={value} width={76} testId={`${prefix}-openid`} /> }),
    token: column({
      title: t('deposit_token'),
      key: 'token',
      secondary: true,
      render: (_, row) => (
        <span data-testid={`${prefix}-token`}>
          {row.symbol} <span className="coffer-muted">{row.chainname}</span>
        </span>
      ),
    }),
    hash: column({
      title: t('tx_hash'),
      dataIndex: 'hash',
      key: 'hash',
      secondary: true,
      render: (hash: string, row) => <HashText hash={hash} txurl={chainById(chains, row.chainId)?.txurl} testId={`${prefix}-hash`} />,
    }),
    from: column({ title: t('from_address'), dataIndex: 'fromAddress', key: 'from', secondary: true, render: (value: string) => <AddressText address={value} testId={`${prefix}-from`} /> }),
    to: column({ title: t('to_address'), dataIndex: 'toAddress', key: 'to', secondary: true, render: (value: string) => <AddressText address={value} testId={`${prefix}-to`} /> }),
    /** The amount with its token: the number (4 decimals, exact in its tooltip), then the symbol. */
    amount: (titleKey: TranslationKey) =>
      column({
        title: t(titleKey),
        dataIndex: 'amount',
        key: 'amount',
        align: 'right',
        phone: true,
        render: (value: string, row) => (
          <span className="coffer-nowrap">
            <AmountText amount={value} testId={`${prefix}-amount`} />{' '}
            <span className="coffer-muted" data-testid={`${prefix}-amount-symbol`}>
              {row.symbol}
            </span>
          </span>
        ),
      }),
    actualAmount: column({
      title: t('actual_quantity'),
      dataIndex: 'actualAmount',
      key: 'actualAmount',
      align: 'right',
      secondary: true,
      render: (value: string) => <AmountText amount={value} testId={`${prefix}-actual-amount`} />,
    }),
    callback: column({
      title: t('callback_status'),
      key: 'callback',
      secondary: true,
      render: (_, row) => (
        <Space size={4}>
          <CallbackStatusTag row={row} testId={`${prefix}-callback-status`} />
          {row.callbackResult ? <LongText text={row.callbackResult} testId={`${prefix}-callback-result`} /> : null}
        </Space>
      ),
    }),
    /** The callback's and the user's notice's states in one cell (one tag when they say the same): Orders' view. */
    notices: column({
      title: t('notices_column'),
      key: 'notices',
      secondary: true,
      render: (_, row) => <NoticeTags row={row} prefix={prefix} />,
    }),
    notifyStatus: column({
      title: t('notify_status'),
      dataIndex: 'notifyStatus',
      key: 'notifyStatus',
      secondary: true,
      render: (_: number, row) => <NotifyStatusTag row={row} testId={`${prefix}-notify-status`} />,
    }),
    createtime: column({ title: t('created_time'), dataIndex: 'createtime', key: 'createtime', render: (value: string) => zoneTime(value, timeZone) }),
    /** When the chain settled it (a deposit's confirmation, a withdrawal's completion): `confirmedAt` of the on-chain screens. */
    confirmedAt: (titleKey: TranslationKey, value: (row: R) => string | null) =>
      column({
        title: t(titleKey),
        key: 'confirmedAt',
        secondary: true,
        render: (_, row) => <span data-testid={`${prefix}-confirmed-at`}>{zoneTime(value(row), timeZone)}</span>,
      }),
  };
}

export interface DetailItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/** A detail field; its key is the label key. */
export const detailItem = (t: OrderContext['t'], labelKey: TranslationKey, children: ReactNode): DetailItem => ({ key: labelKey, label: t(labelKey), children });

/** The detail items of the fields every kind has (test ids `detail-…`, the same for every kind). */
export function coreDetailItems<R extends OrderRowCore>(shown: R, { t, timeZone, chains }: OrderContext) {
  const item = (labelKey: TranslationKey, children: ReactNode) => detailItem(t, labelKey, children);
  /** A time field: text in the merchant's zone, or a dash; in a span when it has a test id. */
  const time = (labelKey: TranslationKey, value: string | null, testId?: string) => {
    const text = value ? formatInZone(value, timeZone) : '—';
    return item(labelKey, testId ? textCell(text, testId) : text);
  };
  return {
    time,
    orderNo: item(
      'order_no',
      <Typography.Text copyable data-testid="detail-order-no">
        {shown.orderNo}
      </Typography.Text>,
    ),
    openId: item('openid', textCell(shown.openId, 'detail-openid')),
    chain: item(
      'chain',
      <span data-testid="detail-chain">
        {shown.chainname} ({shown.chainId})
      </span>,
    ),
    token: item('deposit_token', textCell(shown.symbol, 'detail-token')),
    hash: item('tx_hash', <HashText hash={shown.hash} txurl={chainById(chains, shown.chainId)?.txurl} testId="detail-hash" />),
    status: item('status', <StatusTag map={ORDER_STATUS} value={shown.status} testId="detail-status" />),
    callbackStatus: item('callback_status', <CallbackStatusTag row={shown} testId="detail-callback-status" />),
    callbackResult: item('callback_result', <LongText text={shown.callbackResult} testId="detail-callback-result" />),
    notifyStatus: item('notify_status', <NotifyStatusTag row={shown} testId="detail-notify-status" />),
    created: time('created_time', shown.createtime, 'detail-created'),
  };
}

/** The detail items of a one-transfer order (deposit, withdrawal): the core ones, its addresses and amounts. */
export function orderDetailItems<R extends OrderRowBase>(shown: R, context: OrderContext) {
  const item = (labelKey: TranslationKey, children: ReactNode) => detailItem(context.t, labelKey, children);
  return {
    ...coreDetailItems(shown, context),
    from: item('from_address', <AddressText address={shown.fromAddress} testId="detail-from" />),
    to: item('to_address', <AddressText address={shown.toAddress} testId="detail-to" />),
    amount: (labelKey: TranslationKey) => item(labelKey, <AmountText amount={shown.amount} symbol={shown.symbol} testId="detail-amount" />),
    actualAmount: item('actual_quantity', <AmountText amount={shown.actualAmount} symbol={shown.symbol} testId="detail-actual-amount" />),
  };
}
