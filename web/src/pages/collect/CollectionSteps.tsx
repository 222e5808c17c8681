import type { ReactNode } from 'react';
import { Descriptions, Empty, Space, Spin } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StepKind, type CollectionRow, type CollectionStep } from '@/api/collection';
import type { TranslationKey } from '@/locales';
import { detailItem, textCell, zoneTime } from '@/pages/orders/orderFields';
import { COLLECTION_STEP_KIND, COLLECTION_STEP_STATE } from '@/pages/orders/statuses';
import { AmountText, HashText, StatusTag } from '@/pages/orders/StatusTags';
import { AddressText } from '@/pages/token/AddressText';
import { feeAmount } from './collectionFields';

type Shown = Pick<CollectionRow, 'symbol' | 'nativeSymbol' | 'txurl'>;

/** A step's fields, two by two beside each other: a top-up's amount is in the native coin, a sweep part's in the token. */
function stepItems(t: TFunction, step: CollectionStep, shown: Shown, timeZone: number | null) {
  const item = (key: TranslationKey, children: ReactNode) => detailItem(t, key, children);
  return [
    item('collection_amount', <AmountText amount={step.amount} symbol={step.kind === StepKind.SweepPart ? shown.symbol : shown.nativeSymbol} testId="step-amount" />),
    item('tx_hash', <HashText hash={step.hash} txurl={shown.txurl} testId="step-hash" />),
    item('from_address', <AddressText address={step.fromAddress} testId="step-from" />),
    item('to_address', <AddressText address={step.toAddress} testId="step-to" />),
    item('collection_fee_estimated', feeAmount(step.feeEstimated, shown.nativeSymbol, 'step-fee-estimated')),
    item('collection_fee_paid', feeAmount(step.feePaid, shown.nativeSymbol, 'step-fee-paid')),
    item('block_number', textCell(step.blockNumber === null ? '' : String(step.blockNumber), 'step-block')),
    item('created_time', zoneTime(step.createdAt, timeZone)),
    item('collection_broadcast_time', zoneTime(step.broadcastAt, timeZone)),
    item('confirm_time', zoneTime(step.confirmedAt, timeZone)),
    // Whole, on as many lines as it takes: the drawer is where a reason is read.
    { ...item('collection_reason', <span className="coffer-pre" data-testid="step-reason">{step.reason || '—'}</span>), span: 'filled' as const },
  ];
}

/**
 * A collection's on-chain steps (fee top-up, activation, sweep parts, TRX left), each a block of
 * its fields under its kind and state: they fit the drawer at any width, where a table of their
 * thirteen columns would scroll sideways.
 */
export default function CollectionSteps({ shown, steps, loading, timeZone }: { shown: Shown; steps: CollectionStep[]; loading: boolean; timeZone: number | null }) {
  const { t } = useTranslation();
  return (
    <div data-testid="collection-steps">
      {steps.length === 0 && (loading ? <Spin data-testid="collection-steps-loading" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('collection_steps_empty')} />)}
      {steps.map((step, index) => (
        <div key={`${step.kind}-${step.part}-${step.hash}-${step.createdAt}`} className="coffer-collection-step" data-testid={`step-row-${index}`}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
            styles={{ label: { whiteSpace: 'nowrap' } }}
            title={
              <Space size={4}>
                <StatusTag map={COLLECTION_STEP_KIND} value={step.kind} testId="step-kind" />
                {step.kind === StepKind.SweepPart ? <span data-testid="step-part">#{step.part + 1}</span> : null}
              </Space>
            }
            extra={<StatusTag map={COLLECTION_STEP_STATE} value={step.state} testId="step-state" />}
            items={stepItems(t, step, shown, timeZone)}
          />
        </div>
      ))}
    </div>
  );
}
