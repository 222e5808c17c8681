import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import type { ListColumn } from '@/components/list/columnSettings';
import { depositDetail, type DepositDetail, type DepositRow } from '@/api/deposits';
import { detailItem, orderColumns, orderDetailItems, textCell } from '@/pages/orders/orderFields';
import type { ColumnOptions, OrderContext, OrderKind } from '@/pages/orders/orderKind';
import { TX_TYPE } from '@/pages/orders/statuses';
import { StatusTag } from '@/pages/orders/StatusTags';
import { PAGES } from '@/router/permissions';
import type { TranslationKey } from '@/locales/types';
import { DEPOSIT_STATUSES, confirmationsText, noteText } from './depositRules';
import { DepositStatusTag } from './DepositStatusTag';

// Deposits as an order kind (menus 301, 401, 402): the fields of spec section 3 that apply to
// them, in the table, the CSV and the detail drawer.

/** Columns of the deposit tables. */
export function depositColumns({ withType, actions, ...context }: ColumnOptions<DepositRow>): Array<ListColumn<DepositRow>> {
  const { t } = context;
  const shared = orderColumns<DepositRow>(context, 'deposit');
  const columns: Array<ListColumn<DepositRow>> = [
    shared.orderNo,
    ...(withType
      ? [{ title: t('tx_type'), dataIndex: 'type', key: 'type', render: (value: number) => <StatusTag map={TX_TYPE} value={value} testId="deposit-type" /> }]
      : []),
    shared.merchantOrderNo,
    // What a person scans a deposit for: who paid (openId), which token on which chain, how much, its state and time.
    { ...shared.openId, secondary: false },
    { ...shared.token, secondary: false },
    { title: t('user_id'), dataIndex: 'userId', key: 'userId', secondary: true, render: (value: number | null) => value ?? '—' },
    shared.amount('quantity'),
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      phone: true,
      render: (_, row) => <DepositStatusTag row={row} testId="deposit-status" />,
    },
    shared.hash,
    shared.from,
    shared.to,
    shared.actualAmount,
    shared.callback,
    shared.notifyStatus,
    shared.notices,
    {
      title: <Tooltip title={t('confirmations')}>{t('confirmations_short')}</Tooltip>,
      key: 'confirmations',
      align: 'right',
      secondary: true,
      render: (_, row) => <span data-testid="deposit-confirmations">{confirmationsText(row.confirmations, row.requiredConfirmations)}</span>,
    },
    shared.createtime,
    shared.confirmedAt('confirm_time', (row) => row.confirmtime),
  ];
  if (actions) columns.push({ title: t('actions'), key: 'actions', fixed: 'right', render: (_, row) => actions(row) });
  return columns;
}

/** Every field of a deposit in the detail drawer. */
function depositDetailItems(shown: DepositRow, context: OrderContext) {
  const { t } = context;
  const shared = orderDetailItems(shown, context);
  const item = (labelKey: TranslationKey, children: ReactNode) => detailItem(t, labelKey, children);
  return [
    shared.orderNo,
    item('merchant_order_no', shown.merchantOrderNo || '—'),
    ...(shown.type !== undefined ? [item('tx_type', <StatusTag map={TX_TYPE} value={shown.type} testId="detail-type" />)] : []),
    shared.openId,
    item('user_id', shown.userId ?? '—'),
    shared.chain,
    shared.token,
    shared.hash,
    item('tx_index', shown.index),
    item('block_number', shown.blockNumber ?? '—'),
    shared.from,
    shared.to,
    shared.amount('quantity'),
    shared.actualAmount,
    item('status', <DepositStatusTag row={shown} testId="detail-status" />),
    item('confirmations', <span data-testid="detail-confirmations">{confirmationsText(shown.confirmations, shown.requiredConfirmations)}</span>),
    item('deposit_note', textCell(noteText(shown.note, t), 'detail-note')),
    shared.callbackStatus,
    shared.callbackResult,
    shared.notifyStatus,
    shared.created,
    shared.time('confirm_time', shown.confirmtime),
    shared.time('void_time', shown.voidtime),
  ];
}

/** Deposits: read their detail with 301 or 401 (the transaction list alone shows the row only). */
export const DEPOSIT_KIND: OrderKind<DepositRow, DepositDetail> = {
  testId: 'deposit',
  screenTestId: 'deposits',
  statuses: DEPOSIT_STATUSES,
  withMerchantOrderNo: false,
  drawerWidth: 720,
  columns: depositColumns,
  detail: (id) => depositDetail(id),
  readsDetail: (hasPermission) => hasPermission(PAGES.depositOrders) || hasPermission(PAGES.depositList),
  detailItems: depositDetailItems,
};
