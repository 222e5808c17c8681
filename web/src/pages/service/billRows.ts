import type { TFunction } from 'i18next';
import { BillStatus, PaymentStatus, type Bill, type BillingAddress, type BillLine } from '@/api/bills';
import { RateService } from '@/api/rates';
import { hashToSend } from '@/pages/deposits/hashScanRules';
import type { StatusView } from '@/pages/orders/statuses';

// Pure rules of the Service list's Bills tab: the tags of the states, what a line and a payment
// show, and the body of "I have paid".

export const BILL_STATUSES: readonly BillStatus[] = Object.values(BillStatus);

/** To be paid gold (it asks something of the merchant), confirming blue, has paid green. */
export const BILL_STATUS: Readonly<Record<BillStatus, StatusView>> = {
  [BillStatus.ToBePaid]: { key: 'bill_status_1', color: 'gold' },
  [BillStatus.Confirming]: { key: 'bill_status_2', color: 'processing' },
  [BillStatus.HasPaid]: { key: 'bill_status_3', color: 'green' },
};

export const PAYMENT_STATUS: Readonly<Record<PaymentStatus, StatusView>> = {
  [PaymentStatus.Confirming]: { key: 'bill_payment_status_1', color: 'processing' },
  [PaymentStatus.Accepted]: { key: 'bill_payment_status_2', color: 'green' },
  [PaymentStatus.NotAccepted]: { key: 'bill_payment_status_3', color: 'red' },
};

/** "I have paid" is offered on a bill to be paid only: one confirming or paid is refused (20002). */
export const canMarkPaid = (bill: Pick<Bill, 'status'>): boolean => bill.status === BillStatus.ToBePaid;

/** A line's count: charges, or for the monthly fee the days its row was in force. */
export const lineCountText = (t: TFunction, line: Pick<BillLine, 'service' | 'count'>): string =>
  line.service === RateService.Monthly ? t('bill_days', { days: line.count }) : String(line.count);

/** A line as a table row, keyed by its place (a bill may list one rate row per token). */
export type LineRow = BillLine & { key: number };

export const lineRows = (bill: Pick<Bill, 'lines'>): LineRow[] => bill.lines.map((line, index) => ({ ...line, key: index }));

/** The explorer link the server gave, if it is a web address (nothing else becomes a link). */
export const explorerHref = (url: string | null | undefined): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

/** The chains a bill can be paid on, for the dialog's picker. */
export const payChainOptions = (addresses: readonly BillingAddress[]) =>
  addresses.map((address) => ({ value: address.chainId, label: `${address.chainName} · ${address.token}` }));

/** The chain the dialog starts with: the only one when there is one, else the payer chooses. */
export const initialPayChain = (addresses: readonly BillingAddress[]): number | undefined => (addresses.length === 1 ? addresses[0].chainId : undefined);

/** What "I have paid" sends: the bill, the chain and the hash trimmed (checked by the form first). */
export const paidBody = (billId: number, values: { chainId: number; hash: string }) => ({ billId, chainId: values.chainId, hash: hashToSend(values.hash) });
