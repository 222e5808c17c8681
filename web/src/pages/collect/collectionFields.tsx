import type { ReactNode } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { CollectionRow } from '@/api/collection';
import type { ListColumn } from '@/components/list/columnSettings';
import { energyText } from '@/pages/energy/energyRules';
import { zoneTime } from '@/pages/orders/orderFields';
import { COLLECTION_STATUS, COLLECTION_TRIGGER } from '@/pages/orders/statuses';
import { AmountText, StatusTag } from '@/pages/orders/StatusTags';
import { AddressText } from '@/pages/token/AddressText';

// The fields of a collection, shared by Collection transactions' table and its detail drawer:
// token amounts with the token's symbol, fees with the chain's native coin.

/** A token amount of the row, or a dash before it is known. */
export const tokenAmount = (value: string | null, row: Pick<CollectionRow, 'symbol'>, testId: string): ReactNode =>
  value === null || value === '' ? <span data-testid={testId}>—</span> : <AmountText amount={value} symbol={row.symbol} testId={testId} />;

/** A fee in the native coin, or a dash before it is known. */
export const feeAmount = (value: string | null, symbol: string, testId: string): ReactNode =>
  value === null || value === '' ? <span data-testid={testId}>—</span> : <AmountText amount={value} symbol={symbol} testId={testId} />;

/** The state, with the reason of a wait, a failure or a close under it (one line, whole in its tooltip). */
export function CollectionState({ row, testId = 'collection-status' }: { row: Pick<CollectionRow, 'status' | 'reason'>; testId?: string }) {
  return (
    <Space direction="vertical" size={0}>
      <StatusTag map={COLLECTION_STATUS} value={row.status} testId={testId} />
      {row.reason ? (
        <Tooltip title={<span className="coffer-pre">{row.reason}</span>} placement="topLeft">
          <Typography.Text type="secondary" className="coffer-reason" ellipsis data-testid={`${testId.replace(/-status$/, '')}-reason`}>
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
  if (row.energy === null) return null;
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
 * The table's columns. At first (they fit at 1200 px): the id with its trigger and time, the
 * deposit address with its chain, the amount with the fee paid (and smart collection's Energy or
 * TRX burnt tag), the state with its reason, and
 * Detail; the attribution, the fee estimate, what waited and the last update in the column settings.
 */
export function collectionColumns({ t, timeZone, onOpen }: ColumnContext): Array<ListColumn<CollectionRow>> {
  return [
    {
      title: t('collection_id_time'),
      dataIndex: 'id',
      key: 'id',
      fixed: 'left',
      render: (id: number, row) => (
        <Space direction="vertical" size={2}>
          <Space size={6}>
            <span data-testid="collection-id">{id}</span>
            <StatusTag map={COLLECTION_TRIGGER} value={row.trigger} testId="collection-trigger" />
          </Space>
          <span className="coffer-muted" data-testid="collection-created">
            {zoneTime(row.createdAt, timeZone)}
          </span>
        </Space>
      ),
    },
    {
      title: t('collection_deposit_address'),
      dataIndex: 'address',
      key: 'address',
      render: (value: string, row) => (
        <Space direction="vertical" size={0}>
          <AddressText address={value} testId="collection-address" />
          <span className="coffer-muted" data-testid="collection-chain">
            {row.chainname}
          </span>
        </Space>
      ),
    },
    {
      title: t('collection_amount_fee'),
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (value: string | null, row) => (
        <Space direction="vertical" size={0} align="end">
          {tokenAmount(value, row, 'collection-amount')}
          {row.feePaid || row.energy !== null ? (
            <Space size={4}>
              <EnergyTag t={t} row={row} />
              {row.feePaid ? <span className="coffer-muted">{feeAmount(row.feePaid, row.nativeSymbol, 'collection-fee-paid')}</span> : null}
            </Space>
          ) : null}
        </Space>
      ),
    },
    { title: t('status'), dataIndex: 'status', key: 'status', render: (_, row) => <CollectionState row={row} /> },
    {
      title: t('collection_attribution'),
      key: 'attribution',
      align: 'right',
      secondary: true,
      render: (_, row) => (
        <Space direction="vertical" size={0} align="end">
          {tokenAmount(row.attributed, row, 'collection-attributed')}
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
