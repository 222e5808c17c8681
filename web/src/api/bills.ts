import { post } from '@/utils/request';
import type { RateService } from './rates';
import type { PageQuery, PageResult } from './types';

// Service list › Bills (menu 10; "I have paid" needs BILL_PAY, 1001): the merchant's monthly
// bills and where to pay them. Amounts are exact decimal strings of points (6 decimals at most);
// times are UTC ISO strings.

/** A bill's states (spec): to be paid → confirming (after "I have paid") → has paid. */
export const BillStatus = { ToBePaid: 1, Confirming: 2, HasPaid: 3 } as const;
export type BillStatus = (typeof BillStatus)[keyof typeof BillStatus];

/** A submitted payment: being checked on chain, accepted, or not accepted (the bill is to be paid again). */
export const PaymentStatus = { Confirming: 1, Accepted: 2, NotAccepted: 3 } as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

/** One service's charges of the month, under one rate row. */
export interface BillLine {
  service: RateService;
  rateId: number;
  /** The row's terms as text, snapshotted on the bill ("0.5% (min 1, max 10)"). */
  rate: string;
  /** Charges; for the monthly fee, the days the row was in force. */
  count: number;
  /** What the charges were on, per token ("1520.25 USDT"); null for the monthly fee. */
  volume: string | null;
  amount: string;
}

/** The payment being checked, or the last one. */
export interface BillPayment {
  chainId: number;
  chainName: string;
  hash: string;
  status: PaymentStatus;
  /** What was found on chain, once checked. */
  amount: string | null;
  reason: string | null;
  submittedAt: string;
  /** The transaction on the chain's explorer; null when the chain has none. */
  explorerUrl: string | null;
}

export interface Bill {
  id: number;
  /** The month in the billing zone ("2026-10"). */
  period: string;
  periodStart: string;
  periodEnd: string;
  /** The billing zone (IANA), stored on the bill. */
  timeZone: string;
  amount: string;
  /** Accepted payments so far. */
  paid: string;
  /** amount - paid, never below 0. */
  due: string;
  status: BillStatus;
  /** Why the last payment was not accepted. */
  reason: string | null;
  payment: BillPayment | null;
  lines: BillLine[];
  issuedAt: string;
  paidAt: string | null;
}

export interface BillFilters {
  status?: BillStatus;
}

/** Where bills are paid: the platform's billing address on a chain, in the billing token. */
export interface BillingAddress {
  chainId: number;
  chainName: string;
  address: string;
  token: string;
  /** Blocks on top of the payment's own before it is accepted. */
  confirmations: number;
}

/** Newest period first; every status when none is chosen (sent as null). */
export const pageBills = ({ page, pageSize, status }: PageQuery & BillFilters) =>
  post<PageResult<Bill>>('/api/partner/service/bills', { page, pageSize, status: status ?? null });

/** Empty when the operator has not set up billing: bills cannot be paid on chain yet. */
export const billingAddresses = () => post<BillingAddress[]>('/api/partner/service/billingAddresses', {});

/** "I have paid": the bill, now confirming. A refusal is the request layer's toast (the server's text). */
export const markBillPaid = (payment: { billId: number; chainId: number; hash: string }) =>
  post<Bill>('/api/partner/service/bills/paid', payment);
