import type { ReactNode } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { CollectionRow } from '@/api/collection';
import type { ListColumn } from '@/components/list/columnSettings';
import { energyText } from '@/pages/energy/energyRules';
import { zoneTime } from '@/pages/orders/orderFields';
import { COLLECTION_STATUS, COLLECTION_TRIGGER } from '@/pages/orders/statuses';
import { AmountText, LongText, StatusTag } from '@/pages/orders/StatusTags';
import { AddressText } from '@/pages/token/AddressText';

// The fields of a collection, shared by Collection transactions' table and its detail drawer:
// token amounts with the token's symbol, fees with the chain's native coin.

/** A token amount of the row, or a dash before it is known. */
export const tokenAmount = (value: string | null, row: Pick<CollectionRow, 'symbol'>, testId: string): ReactNode =>
  value === null || value === '' ? <span data-testid={testId}>—</span> : <AmountText amount={value} symbol={row.symbol} testId={testId} />;

/** A fee in the native coin, or a dash before it is known. */
export const feeAmount = (value: string | null, symbol: string, testId: string): ReactNode =>
  value === null || value === '' ? <span data-testid={testId}>—</span> : <AmountText amount={value} symbol={symbol} testId={testId} />;

/**
 * The state with the reason of a wait, a failure or a close: beside it on one line in a table
 * (`inline`, whole in its tooltip), under it where there is room (the detail).
 */
export function CollectionState({ row, testId = 'collection-status', inline = false }: { row: Pick<CollectionRow, 'status' | 'reason'>; testId?: string; inline?: boolean }) {
  const reasonId = `${testId.replace(/-status$/, '')}-reason`;
  if (inline) {
    return (
      <Space size={4} className="coffer-nowrap">
        <StatusTag map={COLLECTION_STATUS} value={row.status} testId={testId} />
        {row.reason ? <LongText text={row.reason} testId={reasonId} /> : null}
      </Space>
    );
  }
  return (
    <Space direction="vertical" size={0}>
      <StatusTag map={COLLECTION_STATUS} value={row.status} testId={testId} />
      {row.reason ? (
        <Tooltip title={<span className="coffer-pre">{row.reason}</span>} placement="topLeft">
          <Typography.Text type="secondary" className="coffer-reason" ellipsis data-testid={reasonId}>
            {row.reason}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </Space>
  );
}

type EnergyFields = Pick<CollectionRow, 'energy' | 'energyPoints' | 'burnFee' | 'nativeSymbol'>;

/**
 * Smart collection's word on the sweep: "Ran on N energy, X TRX points", "Energy not used: TRX
 * burnt" when it was given up (the reason says why), null when energy was not tried.
 */
export function energyUse(t: TFunction, row: Pick<CollectionRow, 'energy' | 'energyPoints'>): string | null {
  if (row.energy === null || row.energy === undefined) return null;
  if (row.energy === 0) return t('collection_energy_burnt');
  return t('collection_energy_ran', { energy: energyText(row.energy), points: row.energyPoints ?? '0' });
}

/** The list's mark of smart collection: "Energy" or "TRX burnt", what burning would cost in its tooltip; nothing when energy was not tried. */
export function EnergyTag({ t, row }: { t: TFunction; row: EnergyFields }) {
  const use = energyUse(t, row);
  if (use === null) return null;
  const tip = row.burnFee === null ? use : t('collection_energy_tag_tip', { use, burn: row.burnFee, symbol: row.nativeSymbol });
  const ran = row.energy! > 0;
  return (
    <Tooltip title={tip}>
      <Tag color={ran ? 'cyan' : 'default'} data-testid="collection-energy" data-energy={row.energy}>
        {t(ran ? 'collection_energy_tag' : 'collection_burnt_tag')}
      </Tag>
    </Tooltip>
  );
}

interface ColumnContext {
  t: TFunction;
  timeZone: number | null;
  onOpen: (row: CollectionRow) => void;
}

/**
 * The table's columns, each row one line (they fit at 1200 px with the widest amounts): the id,
 * the time, the deposit address, the amount (with smart collection's Energy or TRX burnt tag),
 * the state with its reason, and Detail. The chain, the trigger, the fee paid (the summary line
 * above adds the fees up), the attribution, the fee quoted, what waited and the last update are
 * in the column settings.
 */
export function collectionColumns({ t, timeZone, onOpen }: ColumnContext): Array<ListColumn<CollectionRow>> {
  return [
    { title: t('collection_id'), dataIndex: 'id', key: 'id', fixed: 'left', render: (id: number) => <span data-testid="collection-id">{id}</span> },
    {
      title: t('collection_created'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (value: string) => (
        <span className="coffer-nowrap" data-testid="collection-created">
          {zoneTime(value, timeZone)}
        </span>
      ),
    },
    {
      title: t('collection_deposit_address'),
      dataIndex: 'address',
      key: 'address',
      render: (value: string) => <AddressText address={value} testId="collection-address" />,
    },
    {
      title: t('collection_amount'),
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (value: string | null, row) => (
        <Space size={4} className="coffer-nowrap">
          <EnergyTag t={t} row={row} />
          {tokenAmount(value, row, 'collection-amount')}
        </Space>
      ),
    },
    { title: t('status'), dataIndex: 'status', key: 'status', render: (_, row) => <CollectionState row={row} inline /> },
    {
      title: t('chain'),
      dataIndex: 'chainname',
      key: 'chainname',
      secondary: true,
      render: (value: string) => <span data-testid="collection-chain">{value}</span>,
    },
    {
      title: t('collection_trigger'),
      dataIndex: 'trigger',
      key: 'trigger',
      secondary: true,
      render: (value: CollectionRow['trigger']) => <StatusTag map={COLLECTION_TRIGGER} value={value} testId="collection-trigger" />,
    },
    {
      title: t('collection_fee_paid_all'),
      dataIndex: 'feePaid',
      key: 'feePaid',
      align: 'right',
      secondary: true,
      render: (value: string | null, row) => feeAmount(value, row.nativeSymbol, 'collection-fee-paid'),
    },
    {
      title: t('collection_attribution'),
      key: 'attribution',
      align: 'right',
      secondary: true,
      render: (_, row) => (
        <Space size={4} className="coffer-nowrap">
          {tokenAmount(row.attributed, row, 'collection-attributed')}
          <span className="coffer-muted">/</span>
          {tokenAmount(row.unattributed, row, 'collection-unattributed')}
        </Space>
      ),
    },
    {
      title: t('collection_sweep_fee_quoted'),
      dataIndex: 'feeEstimated',
      key: 'feeEstimated',
      align: 'right',
      secondary: true,
      render: (value: string | null, row) => feeAmount(value, row.nativeSymbol, 'collection-fee-estimated'),
    },
    { title: t('collection_waiting_amount'), dataIndex: 'waiting', key: 'waiting', align: 'right', secondary: true, render: (value: string, row) => tokenAmount(value, row, 'collection-waiting') },
    { title: t('collection_updated'), dataIndex: 'updatedAt', key: 'updatedAt', secondary: true, render: (value: string) => zoneTime(value, timeZone) },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => onOpen(row)} data-testid="collection-detail-open">
          {t('detail')}
        </Button>
      ),
    },
  ];
}
