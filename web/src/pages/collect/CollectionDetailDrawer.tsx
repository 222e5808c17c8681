import { useEffect, useState, type ReactNode } from 'react';
import { Descriptions, Drawer, Grid, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { collectionDetail, StepKind, type CollectionDetail, type CollectionRow, type CollectionStep } from '@/api/collection';
import { detailItem, textCell, zoneTime } from '@/pages/orders/orderFields';
import { COLLECTION_STEP_KIND, COLLECTION_STEP_STATE, COLLECTION_TRIGGER } from '@/pages/orders/statuses';
import { AmountText, HashText, LongText, StatusTag } from '@/pages/orders/StatusTags';
import { AddressText } from '@/pages/token/AddressText';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { CollectionState, energyUse, feeAmount, tokenAmount } from './collectionFields';

/** The steps' columns: a top-up's amount is in the native coin, a sweep part's in the token. */
function stepColumns(t: TFunction, shown: CollectionRow, timeZone: number | null): ColumnsType<CollectionStep> {
  return [
    {
      title: t('collection_step_kind'),
      key: 'kind',
      render: (_, step) => (
        <Space size={4}>
          <StatusTag map={COLLECTION_STEP_KIND} value={step.kind} testId="step-kind" />
          {step.kind === StepKind.SweepPart ? <span data-testid="step-part">#{step.part + 1}</span> : null}
        </Space>
      ),
    },
    { title: t('from_address'), dataIndex: 'fromAddress', key: 'from', render: (value: string) => <AddressText address={value} testId="step-from" /> },
    { title: t('to_address'), dataIndex: 'toAddress', key: 'to', render: (value: string) => <AddressText address={value} testId="step-to" /> },
    {
      title: t('collection_amount'),
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (value: string, step) => <AmountText amount={value} symbol={step.kind === StepKind.SweepPart ? shown.symbol : shown.nativeSymbol} testId="step-amount" />,
    },
    { title: t('collection_fee_estimated'), dataIndex: 'feeEstimated', key: 'feeEstimated', align: 'right', render: (value: string) => feeAmount(value, shown.nativeSymbol, 'step-fee-estimated') },
    { title: t('collection_fee_paid'), dataIndex: 'feePaid', key: 'feePaid', align: 'right', render: (value: string | null) => feeAmount(value, shown.nativeSymbol, 'step-fee-paid') },
    { title: t('tx_hash'), dataIndex: 'hash', key: 'hash', render: (hash: string) => <HashText hash={hash} txurl={shown.txurl} testId="step-hash" /> },
    { title: t('status'), dataIndex: 'state', key: 'state', render: (value: number) => <StatusTag map={COLLECTION_STEP_STATE} value={value} testId="step-state" /> },
    { title: t('block_number'), dataIndex: 'blockNumber', key: 'block', render: (value: number | null) => textCell(value === null ? '' : String(value), 'step-block') },
    { title: t('collection_reason'), dataIndex: 'reason', key: 'reason', render: (value: string) => <LongText text={value} testId="step-reason" /> },
    { title: t('created_time'), dataIndex: 'createdAt', key: 'createdAt', render: (value: string) => zoneTime(value, timeZone) },
    { title: t('collection_broadcast_time'), dataIndex: 'broadcastAt', key: 'broadcastAt', render: (value: string | null) => zoneTime(value, timeZone) },
    { title: t('confirm_time'), dataIndex: 'confirmedAt', key: 'confirmedAt', render: (value: string | null) => zoneTime(value, timeZone) },
  ];
}

/** Every field of a collection, then its on-chain steps (fee top-up, activation, sweep parts). */
function DetailBody({ shown, steps, loading }: { shown: CollectionRow; steps: CollectionStep[]; loading: boolean }) {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const item = (key: Parameters<typeof detailItem>[1], children: ReactNode) => detailItem(t, key, children);
  const time = (value: string | null, testId: string) => <span data-testid={testId}>{value ? zoneTime(value, timeZone) : '—'}</span>;
  const energy = energyUse(t, shown);
  const items = [
    item('collection_id', textCell(String(shown.id), 'detail-id')),
    item('status', <CollectionState row={shown} testId="detail-status" />),
    item('collection_trigger', <StatusTag map={COLLECTION_TRIGGER} value={shown.trigger} testId="detail-trigger" />),
    item('collection_run', textCell(shown.runId === null ? '' : String(shown.runId), 'detail-run')),
    item('chain', <span data-testid="detail-chain">{`${shown.chainname} (${shown.chainId})`}</span>),
    item('deposit_token', textCell(shown.symbol, 'detail-token')),
    item('collection_deposit_address', <AddressText address={shown.address} testId="detail-address" />),
    item('collection_waiting_amount', tokenAmount(shown.waiting, shown, 'detail-waiting')),
    item('collection_amount', tokenAmount(shown.amount, shown, 'detail-amount')),
    item('collection_attributed', tokenAmount(shown.attributed, shown, 'detail-attributed')),
    item('collection_unattributed', tokenAmount(shown.unattributed, shown, 'detail-unattributed')),
    item('collection_sweep_fee_quoted', feeAmount(shown.feeEstimated, shown.nativeSymbol, 'detail-fee-estimated')),
    item('collection_fee_paid_all', feeAmount(shown.feePaid, shown.nativeSymbol, 'detail-fee-paid')),
    item('collection_burn_fee', feeAmount(shown.burnFee, shown.nativeSymbol, 'detail-burn-fee')),
    ...(energy === null ? [] : [item('collection_energy', textCell(energy, 'detail-energy'))]),
    item('created_time', time(shown.createdAt, 'detail-created')),
    item('collection_updated', time(shown.updatedAt, 'detail-updated')),
    item('collection_finished', time(shown.finishedAt, 'detail-finished')),
  ];
  return (
    <div data-testid="collection-detail-body" data-id={shown.id}>
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 200 } }} items={items} />
      <Typography.Title level={5} className="coffer-gap">
        {t('collection_steps')}
      </Typography.Title>
      <div data-testid="collection-steps">
        <Table<CollectionStep>
          rowKey={(step) => `${step.kind}-${step.part}-${step.hash}-${step.createdAt}`}
          size="small"
          loading={loading}
          dataSource={steps}
          columns={stepColumns(t, shown, timeZone)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('collection_steps_empty') }}
          onRow={(_, index) => ({ 'data-testid': `step-row-${index}` }) as object}
        />
      </div>
    </div>
  );
}

/**
 * Collection detail (`collect/detail`, menu 501) of a listed row (null closes it): the row's
 * fields at once, the detail's when it arrives (a refusal leaves the row's).
 */
export default function CollectionDetailDrawer({ row, onClose }: { row: CollectionRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [detail, setDetail] = useState<CollectionDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const id = row?.id ?? null;

  useEffect(() => {
    setDetail(null);
    if (id === null) return;
    let alive = true;
    setLoading(true);
    collectionDetail(id)
      .then((answer) => alive && setDetail(answer))
      .catch(() => undefined) // the request layer told the user
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [id]);

  const shown: CollectionRow | null = detail && detail.id === id ? detail : row;
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={screens.md ? 980 : '100%'}
      title={id === null ? '' : t('collection_detail_title', { id })}
      destroyOnHidden
      data-testid="collection-detail"
    >
      {shown && <DetailBody shown={shown} steps={detail?.steps ?? []} loading={loading} />}
    </Drawer>
  );
}
