import { useEffect, useState, type ReactNode } from 'react';
import { Descriptions, Drawer, Grid, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { collectionDetail, type CollectionDetail, type CollectionRow, type CollectionStep } from '@/api/collection';
import { detailItem, textCell, zoneTime } from '@/pages/orders/orderFields';
import { COLLECTION_TRIGGER } from '@/pages/orders/statuses';
import { StatusTag } from '@/pages/orders/StatusTags';
import { AddressText } from '@/pages/token/AddressText';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { CollectionState, energyUse, feeAmount, tokenAmount } from './collectionFields';
import CollectionSteps from './CollectionSteps';

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
      <CollectionSteps shown={shown} steps={steps} loading={loading} timeZone={timeZone} />
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
