import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ChainNode } from '@/api/types';
import type { WithdrawalRow } from '@/api/withdrawals';
import { CALLBACK_STATUS, NOTIFY_STATUS, ORDER_STATUS } from '@/pages/deposits/depositRules';
import { AmountText, HashText, LongText, StatusTag } from '@/pages/deposits/StatusTags';
import { AddressText } from '@/pages/token/AddressText';
import { chainById } from '@/pages/token/tokenRules';
import { formatInZone } from '@/utils/timezone';
import { SOURCE, riskReasonsText } from './withdrawalRules';

interface ColumnOptions {
  t: TFunction;
  timeZone: number | null;
  chains: readonly ChainNode[];
  /** The Actions column's content; none leaves the column out. */
  actions?: (row: WithdrawalRow) => ReactNode;
}

/** Who asked: the console user, or the merchant API. */
export const createdByText = (row: Pick<WithdrawalRow, 'createdBy' | 'source'>, t: TFunction): string =>
  row.createdBy || (row.source === 1 ? t('wd_source_1') : '—');

/** Columns of the withdrawal tables: the order fields of spec section 3. */
export function withdrawalColumns({ t, timeZone, chains, actions }: ColumnOptions): ColumnsType<WithdrawalRow> {
  const time = (value: string | null) => (value ? <span className="coffer-nowrap">{formatInZone(value, timeZone)}</span> : '—');
  const columns: ColumnsType<WithdrawalRow> = [
    {
      title: t('order_no'),
      dataIndex: 'orderNo',
      key: 'orderNo',
      fixed: 'left',
      render: (value: string) => <span data-testid="wd-order-no">{value}</span>,
    },
    {
      title: t('merchant_order_no'),
      dataIndex: 'merchantOrderNo',
      key: 'merchantOrderNo',
      render: (value: string) => <span data-testid="wd-merchant-order-no">{value || '—'}</span>,
    },
    { title: t('wd_source'), dataIndex: 'source', key: 'source', render: (value: number) => <StatusTag map={SOURCE} value={value} testId="wd-source" /> },
    { title: t('openid'), dataIndex: 'openId', key: 'openId', render: (value: string) => <span data-testid="wd-openid">{value || '—'}</span> },
    { title: t('wd_created_by'), key: 'createdBy', render: (_, row) => <span data-testid="wd-created-by">{createdByText(row, t)}</span> },
    {
      title: t('deposit_token'),
      key: 'token',
      render: (_, row) => (
        <span data-testid="wd-token">
          {row.symbol} <span className="coffer-muted">{row.chainname}</span>
        </span>
      ),
    },
    {
      title: t('wd_quantity'),
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (value: string) => <AmountText amount={value} testId="wd-amount" />,
    },
    {
      title: t('actual_quantity'),
      dataIndex: 'actualAmount',
      key: 'actualAmount',
      align: 'right',
      render: (value: string) => <AmountText amount={value} testId="wd-actual-amount" />,
    },
    {
      title: t('wd_fee'),
      dataIndex: 'fee',
      key: 'fee',
      align: 'right',
      render: (value: string, row) => (value ? <AmountText amount={value} symbol={row.chainsymbol} testId="wd-fee" /> : '—'),
    },
    { title: t('to_address'), dataIndex: 'toAddress', key: 'to', render: (value: string) => <AddressText address={value} testId="wd-to" /> },
    { title: t('from_address'), dataIndex: 'fromAddress', key: 'from', render: (value: string) => <AddressText address={value} testId="wd-from" /> },
    {
      title: t('tx_hash'),
      dataIndex: 'hash',
      key: 'hash',
      render: (hash: string, row) => <HashText hash={hash} txurl={chainById(chains, row.chainId)?.txurl} testId="wd-hash" />,
    },
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      render: (value: number, row) => (
        <Space direction="vertical" size={0}>
          <StatusTag map={ORDER_STATUS} value={value} testId="wd-status" />
          {row.reason ? <LongText text={row.reason} testId="wd-reason" /> : null}
        </Space>
      ),
    },
    {
      title: t('wd_risk_reasons'),
      dataIndex: 'riskReasons',
      key: 'riskReasons',
      render: (value: string[]) => <LongText text={riskReasonsText(value, t)} testId="wd-risk" />,
    },
    { title: t('wd_reviewer'), dataIndex: 'reviewer', key: 'reviewer', render: (value: string) => <span data-testid="wd-reviewer">{value || '—'}</span> },
    {
      title: t('callback_status'),
      key: 'callback',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <StatusTag map={CALLBACK_STATUS} value={row.callbackStatus} testId="wd-callback-status" />
          {row.callbackResult ? <LongText text={row.callbackResult} testId="wd-callback-result" /> : null}
        </Space>
      ),
    },
    {
      title: t('notify_status'),
      dataIndex: 'notifyStatus',
      key: 'notifyStatus',
      render: (value: number) => <StatusTag map={NOTIFY_STATUS} value={value} testId="wd-notify-status" />,
    },
    { title: t('created_time'), dataIndex: 'createtime', key: 'createtime', render: time },
  ];
  if (actions) columns.push({ title: t('actions'), key: 'actions', fixed: 'right', render: (_, row) => actions(row) });
  return columns;
}
