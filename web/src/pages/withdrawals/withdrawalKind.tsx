import type { ReactNode } from 'react';
import { Space, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { WithdrawalSource } from '@/api/orders';
import type { ListColumn } from '@/components/list/columnSettings';
import { withdrawalDetail, type WithdrawalDetail, type WithdrawalRow } from '@/api/withdrawals';
import { detailItem, orderColumns, orderDetailItems, textCell } from '@/pages/orders/orderFields';
import type { ColumnOptions, OrderContext, OrderKind } from '@/pages/orders/orderKind';
import { ORDER_STATUS, WITHDRAWAL_SOURCE } from '@/pages/orders/statuses';
import { AmountText, LongText, StatusTag } from '@/pages/orders/StatusTags';
import type { TranslationKey } from '@/locales/types';
import WithdrawalReviews from './WithdrawalReviews';
import { WITHDRAWAL_STATUSES, riskReasonText, riskReasonsText, withdrawalConfirmationsText } from './withdrawalRules';

// Withdrawals as an order kind (menus 302, 403, 404): the order fields of spec section 3, in
// the table, the CSV and the detail drawer (with the review decisions).

/** Who asked: the console user, or the merchant API. */
export const createdByText = (row: Pick<WithdrawalRow, 'createdBy' | 'source'>, t: TFunction): string =>
  row.createdBy || (row.source === WithdrawalSource.MerchantApi ? t('wd_source_1') : '—');

/** Columns of the withdrawal tables. */
export function withdrawalColumns({ actions, ...context }: ColumnOptions<WithdrawalRow>): Array<ListColumn<WithdrawalRow>> {
  const { t } = context;
  const shared = orderColumns<WithdrawalRow>(context, 'wd');
  // First the order number, amount, target address, status and time (a reviewer sees what
  // is paid to whom next to Pass / Reject); the rest can be switched on.
  const columns: Array<ListColumn<WithdrawalRow>> = [
    shared.orderNo,
    shared.amount('wd_quantity'),
    { ...shared.to, secondary: false },
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      phone: true,
      render: (value: number, row) => (
        <Space size={4}>
          <StatusTag map={ORDER_STATUS} value={value} testId="wd-status" />
          {row.reason ? <LongText text={row.reason} testId="wd-reason" /> : null}
        </Space>
      ),
    },
    shared.createtime,
    shared.merchantOrderNo,
    {
      title: t('wd_source'),
      dataIndex: 'source',
      key: 'source',
      secondary: true,
      render: (value: number) => <StatusTag map={WITHDRAWAL_SOURCE} value={value} testId="wd-source" />,
    },
    shared.openId,
    { title: t('wd_created_by'), key: 'createdBy', secondary: true, render: (_, row) => <span data-testid="wd-created-by">{createdByText(row, t)}</span> },
    shared.token,
    shared.actualAmount,
    {
      title: t('wd_fee'),
      dataIndex: 'fee',
      key: 'fee',
      align: 'right',
      secondary: true,
      render: (value: string, row) => (value ? <AmountText amount={value} symbol={row.chainsymbol} testId="wd-fee" /> : '—'),
    },
    shared.from,
    shared.hash,
    {
      title: t('wd_risk_reasons'),
      dataIndex: 'riskReasons',
      key: 'riskReasons',
      secondary: true,
      render: (value: string[]) => <LongText text={riskReasonsText(value, t)} testId="wd-risk" />,
    },
    { title: t('wd_reviewer'), dataIndex: 'reviewer', key: 'reviewer', secondary: true, render: (value: string) => textCell(value, 'wd-reviewer') },
    shared.callback,
    shared.notifyStatus,
    shared.notices,
    {
      title: <Tooltip title={t('confirmations')}>{t('confirmations_short')}</Tooltip>,
      key: 'confirmations',
      align: 'right',
      secondary: true,
      render: (_, row) => <span data-testid="wd-confirmations">{withdrawalConfirmationsText(row)}</span>,
    },
    shared.confirmedAt('wd_complete_time', (row) => row.completetime),
  ];
  if (actions) columns.push({ title: t('actions'), key: 'actions', fixed: 'right', render: (_, row) => actions(row) });
  return columns;
}

/** Every field of a withdrawal in the detail drawer. */
function withdrawalDetailItems(shown: WithdrawalRow, context: OrderContext) {
  const { t } = context;
  const shared = orderDetailItems(shown, context);
  const item = (labelKey: TranslationKey, children: ReactNode) => detailItem(t, labelKey, children);
  return [
    shared.orderNo,
    item('merchant_order_no', textCell(shown.merchantOrderNo, 'detail-merchant-order-no')),
    item('wd_source', <StatusTag map={WITHDRAWAL_SOURCE} value={shown.source} testId="detail-source" />),
    shared.openId,
    item('wd_created_by', textCell(createdByText(shown, t), 'detail-created-by')),
    shared.chain,
    shared.token,
    shared.hash,
    item('block_number', shown.blockNumber ?? '—'),
    item('required_confirmations', shown.requiredConfirmations ?? '—'),
    shared.from,
    shared.to,
    item('wd_security_code', textCell(shown.securityCode, 'detail-security-code')),
    item('wd_remark', textCell(shown.remark, 'detail-remark')),
    shared.amount('wd_quantity'),
    shared.actualAmount,
    item('wd_fee', shown.fee ? <AmountText amount={shown.fee} symbol={shown.chainsymbol} testId="detail-fee" /> : textCell('', 'detail-fee')),
    shared.status,
    item(
      'wd_risk_reasons',
      shown.riskReasons?.length ? (
        <ul className="coffer-plain-list" data-testid="detail-risk">
          {shown.riskReasons.map((reason) => (
            <li key={reason}>{riskReasonText(reason, t)}</li>
          ))}
        </ul>
      ) : (
        textCell('', 'detail-risk')
      ),
    ),
    item('wd_reason', textCell(shown.reason, 'detail-reason')),
    item('wd_reviewer', textCell(shown.reviewer, 'detail-reviewer')),
    shared.time('wd_review_time', shown.reviewtime, 'detail-review-time'),
    shared.callbackStatus,
    shared.callbackResult,
    shared.notifyStatus,
    shared.created,
    shared.time('wd_complete_time', shown.completetime, 'detail-completed'),
  ];
}

/** Withdrawals: every role that lists them reads their detail. */
export const WITHDRAWAL_KIND: OrderKind<WithdrawalRow, WithdrawalDetail> = {
  testId: 'wd',
  screenTestId: 'withdrawals',
  statuses: WITHDRAWAL_STATUSES,
  withMerchantOrderNo: true,
  drawerWidth: 760,
  columns: withdrawalColumns,
  detail: (id) => withdrawalDetail(id),
  readsDetail: () => true,
  detailItems: withdrawalDetailItems,
  detailSections: (detail, loading, context) => <WithdrawalReviews reviews={detail?.reviews ?? []} loading={loading} {...context} />,
};
