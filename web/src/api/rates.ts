import { post } from '@/utils/request';

// Service list (menu 10), docs/api.md "Service list": the merchant's rate card, read-only.
// Percent and points are exact decimal strings ("0.5" = 0.5%; points have 6 decimals at most).

/** What is charged: a collection, a completed withdrawal (payment), energy, the month. */
export const RateService = { CollectionFee: 1, PaymentFee: 2, Energy: 3, Monthly: 4, ExchangeFee: 5 } as const;
export type RateService = (typeof RateService)[keyof typeof RateService];

/** How: a percent of the amount (with optional min and max), fixed points per transaction, or per month. */
export const ChargeMode = { Percent: 1, Fixed: 2, Monthly: 3 } as const;
export type ChargeMode = (typeof ChargeMode)[keyof typeof ChargeMode];

/** When: taken from points as charged (prepaid), or on the monthly bill (postpaid). */
export const PayMode = { Prepaid: 1, Postpaid: 2 } as const;
export type PayMode = (typeof PayMode)[keyof typeof PayMode];

/** At the time of the call: in force, or closed by a later row. */
export const RateStatus = { Effective: 1, Expired: 2 } as const;
export type RateStatus = (typeof RateStatus)[keyof typeof RateStatus];

export interface Rate {
  id: number;
  service: RateService;
  chargeMode: ChargeMode;
  /** "0" unless percent mode. */
  percent: string;
  /** Points per transaction or per month. */
  fixed: string;
  /** Percent mode only; null otherwise or when unbounded. */
  min: string | null;
  max: string | null;
  payMode: PayMode;
  validFrom: string;
  /** Null while the row is open. */
  validTo: string | null;
  status: RateStatus;
  createTime: string;
}

/** Every row of the merchant, current and past, newest first. */
export const listRates = () => post<Rate[]>('/api/partner/service/rates', {});
