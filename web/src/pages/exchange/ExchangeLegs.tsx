import type { ReactNode } from 'react';
import { Descriptions, Skeleton, Typography } from 'antd';
import type { ExchangeDetail, ExchangeTransfer } from '@/api/exchange';
import { confirmationsText } from '@/pages/deposits/depositRules';
import { detailItem, textCell, zoneTime, type DetailItem } from '@/pages/orders/orderFields';
import type { OrderContext } from '@/pages/orders/orderKind';
import { ORDER_STATUS } from '@/pages/orders/statuses';
import { HashText, StatusTag } from '@/pages/orders/StatusTags';
import { AddressText } from '@/pages/token/AddressText';
import { chainById } from '@/pages/token/tokenRules';
import type { TranslationKey } from '@/locales/types';
import { PaidIn } from './ExchangeCells';

// The two legs of an exchange in its detail drawer: the end user's payment in (a deposit record)
// and what went back on chain, the payout of token OUT or the refund of the payment (each a
// withdrawal, its states a withdrawal's). Hashes link to the chain's explorer.

interface LegsProps extends OrderContext {
  detail: ExchangeDetail | null;
  loading: boolean;
}

function Leg({ titleKey, testId, items, note, t }: { titleKey: TranslationKey; testId: string; items: DetailItem[]; note?: ReactNode; t: OrderContext['t'] }) {
  return (
    <div data-testid={testId}>
      <Typography.Title level={5} className="coffer-gap">
        {t(titleKey)}
      </Typography.Title>
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 200 } }} items={items} />
      {note}
    </div>
  );
}

const legNote = (text: string, testId: string) => (
  <Typography.Paragraph type="secondary" className="coffer-gap-top" data-testid={testId}>
    {text}
  </Typography.Paragraph>
);

/** The payment in and the payout (or the refund), once the detail is read. */
export default function ExchangeLegs({ detail, loading, t, timeZone, chains }: LegsProps) {
  if (!detail) return loading ? <Skeleton active className="coffer-gap" /> : null;
  const txurl = chainById(chains, detail.chainId)?.txurl;
  const item = (labelKey: TranslationKey, children: ReactNode) => detailItem(t, labelKey, children);
  const { payment, payout, refund } = detail;

  /** A withdrawal leg: its order number, hash, state and time; `prefix` names its test ids. */
  const transferItems = (leg: ExchangeTransfer, prefix: string): DetailItem[] => [
    item('exchange_leg_order_no', textCell(leg.orderNo, `${prefix}-order-no`)),
    item('tx_hash', <HashText hash={leg.hash} txurl={txurl} testId={`${prefix}-hash`} />),
    item('status', <StatusTag map={ORDER_STATUS} value={leg.status} testId={`${prefix}-status`} />),
    item('created_time', zoneTime(leg.createtime, timeZone)),
  ];

  return (
    <>
      <Leg
        t={t}
        titleKey="exchange_leg_payment"
        testId="detail-leg-payment"
        items={[
          item('tx_hash', <HashText hash={payment?.hash || detail.hash} txurl={txurl} testId="detail-payment-hash" />),
          item('exchange_payer', <AddressText address={detail.fromAddress} testId="detail-payer" />),
          item('xo_paid_in', <PaidIn row={detail} testId="detail-paid-in" />),
          item(
            'confirmations',
            textCell(payment ? confirmationsText(payment.confirmations, payment.requiredConfirmations) : '', 'detail-payment-confirmations'),
          ),
          item('exchange_leg_order_no', textCell(payment?.orderNo, 'detail-payment-order-no')),
        ]}
        note={payment ? undefined : legNote(t('exchange_no_payment'), 'detail-payment-none')}
      />
      {(payout || !refund) && (
        <Leg
          t={t}
          titleKey="exchange_leg_payout"
          testId="detail-leg-payout"
          items={[
            item('xo_payout_address', <AddressText address={payout?.toAddress || detail.payoutAddress} testId="detail-payout-address" />),
            ...(payout ? transferItems(payout, 'detail-payout') : []),
          ]}
          note={payout ? undefined : legNote(t('exchange_no_payout'), 'detail-payout-none')}
        />
      )}
      {refund && (
        <Leg
          t={t}
          titleKey="exchange_leg_refund"
          testId="detail-leg-refund"
          items={[item('exchange_refund_address', <AddressText address={refund.toAddress} testId="detail-refund-address" />), ...transferItems(refund, 'detail-refund')]}
        />
      )}
    </>
  );
}
