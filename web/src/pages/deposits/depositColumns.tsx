import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { DepositRow } from '@/api/deposits';
import type { ChainNode } from '@/api/types';
import { AddressText } from '@/pages/token/AddressText';
import { chainById } from '@/pages/token/tokenRules';
import { formatInZone } from '@/utils/timezone';
import { CALLBACK_STATUS, NOTIFY_STATUS, ORDER_STATUS, TX_TYPE, confirmationsText } from './depositRules';
import { AmountText, HashText, LongText, StatusTag } from './StatusTags';

interface ColumnOptions {
  t: TFunction;
  timeZone: number | null;
  chains: readonly ChainNode[];
  /** The transaction list shows the type of each row. */
  withType: boolean;
  /** The Actions column's content; none leaves the column out. */
  actions?: (row: DepositRow) => ReactNode;
}

/** Columns of the deposit tables: the order fields of spec section 3 that apply to deposits. */
export function depositColumns({ t, timeZone, chains, withType, actions }: ColumnOptions): ColumnsType<DepositRow> {
  const columns: ColumnsType<DepositRow> = [
    {
      title: t('order_no'),
      dataIndex: 'orderNo',
      key: 'orderNo',
      fixed: 'left',
      render: (value: string) => <span data-testid="deposit-order-no">{value}</span>,
    },
    ...(withType
      ? [{ title: t('tx_type'), dataIndex: 'type', key: 'type', render: (value: number) => <StatusTag map={TX_TYPE} value={value} testId="deposit-type" /> }]
      : []),
    { title: t('openid'), dataIndex: 'openId', key: 'openId', render: (value: string) => <span data-testid="deposit-openid">{value || '—'}</span> },
    { title: t('user_id'), dataIndex: 'userId', key: 'userId', render: (value: number | null) => value ?? '—' },
    {
      title: t('deposit_token'),
      key: 'token',
      render: (_, row) => (
        <span data-testid="deposit-token">
          {row.symbol} <span className="coffer-muted">{row.chainname}</span>
        </span>
      ),
    },
    {
      title: t('tx_hash'),
      dataIndex: 'hash',
      key: 'hash',
      render: (hash: string, row) => <HashText hash={hash} txurl={chainById(chains, row.chainId)?.txurl} />,
    },
    { title: t('from_address'), dataIndex: 'fromAddress', key: 'from', render: (value: string) => <AddressText address={value} testId="deposit-from" /> },
    { title: t('to_address'), dataIndex: 'toAddress', key: 'to', render: (value: string) => <AddressText address={value} testId="deposit-to" /> },
    {
      title: t('quantity'),
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (value: string) => <AmountText amount={value} testId="deposit-amount" />,
    },
    {
      title: t('actual_quantity'),
      dataIndex: 'actualAmount',
      key: 'actualAmount',
      align: 'right',
      render: (value: string) => <AmountText amount={value} testId="deposit-actual-amount" />,
    },
    {
      title: t('callback_status'),
      key: 'callback',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <StatusTag map={CALLBACK_STATUS} value={row.callbackStatus} testId="deposit-callback-status" />
          {row.callbackResult ? <LongText text={row.callbackResult} testId="deposit-callback-result" /> : null}
        </Space>
      ),
    },
    {
      title: t('notify_status'),
      dataIndex: 'notifyStatus',
      key: 'notifyStatus',
      render: (value: number) => <StatusTag map={NOTIFY_STATUS} value={value} testId="deposit-notify-status" />,
    },
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      render: (value: number) => <StatusTag map={ORDER_STATUS} value={value} testId="deposit-status" />,
    },
    {
      title: t('confirmations'),
      key: 'confirmations',
      align: 'right',
      render: (_, row) => <span data-testid="deposit-confirmations">{confirmationsText(row.confirmations, row.requiredConfirmations)}</span>,
    },
    {
      title: t('created_time'),
      dataIndex: 'createtime',
      key: 'createtime',
      render: (value: string) => <span className="coffer-nowrap">{formatInZone(value, timeZone)}</span>,
    },
  ];
  if (actions) columns.push({ title: t('actions'), key: 'actions', fixed: 'right', render: (_, row) => actions(row) });
  return columns;
}
