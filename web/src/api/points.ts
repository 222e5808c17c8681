import { post } from '@/utils/request';
import type { PageQuery, PageResult } from './types';

// Points list (menu 11), docs/api.md "Points". Amounts are exact decimal strings (6 decimals at most).

export const PointAsset = { Usdt: 1, Trx: 2 } as const;
export type PointAsset = (typeof PointAsset)[keyof typeof PointAsset];

/** Why points moved. */
export const PointCause = { Recharge: 1, RechargeReversal: 2, CollectionFee: 3, WithdrawalFee: 4, EnergyFee: 5, BillOverpayment: 6, Adjustment: 7, BillPayment: 8, MonthlyFee: 9, CollectionEnergy: 10, ExchangeFee: 11 } as const;
export type PointCause = (typeof PointCause)[keyof typeof PointCause];

/** How a transfer moved them: posted at once, a fee held, the hold charged, voided or expired. */
export const PointKind = { Single: 1, Hold: 2, Post: 3, Void: 4, Expiry: 5 } as const;
export type PointKind = (typeof PointKind)[keyof typeof PointKind];

export interface PointBalance {
  asset: PointAsset;
  available: string;
  held: string;
  posted: string;
  creditLimit: string;
}

export interface PointTransfer {
  id: number;
  createTime: string;
  asset: PointAsset;
  cause: PointCause;
  kind: PointKind;
  /** Signed: negative takes from the available points, positive gives to them. */
  amount: string;
  availableAfter: string;
  /** `collection:12`, `withdrawal:34`, `grant:T-1`, … */
  reference: string;
  chain: string | null;
  txHash: string | null;
  /** The explorer's prefix for txHash ("" when none). */
  txurl: string;
}

export interface PointFilters {
  start: string;
  end: string;
  asset?: PointAsset;
  cause?: PointCause;
}

export const pointBalances = () => post<PointBalance[]>('/api/partner/points/balance', {});

/** One asset's points on Home: its balance, the operator's low-balance threshold ("0": never low) and whether it is below. */
export interface PointStanding extends PointBalance {
  threshold: string;
  low: boolean;
}

/** Home's points card (menu 1): USDT then TRX points, and the oldest unpaid bill (null when none). */
export interface HomePoints {
  balances: PointStanding[];
  billDue: BillDue | null;
}

/** The merchant's oldest bill not paid yet (Service list › Bills): status 1 to be paid, 2 confirming. */
export interface BillDue {
  id: number;
  period: string;
  amount: string;
  due: string;
  status: 1 | 2;
}

export const homePoints = () => post<HomePoints>('/api/partner/home/points', {});

export const pagePoints = (query: PageQuery & PointFilters, options: { silent?: boolean } = {}) =>
  post<PageResult<PointTransfer>>('/api/partner/points/pageList', query, options);

/** Where the merchant pays to recharge USDT points (and TRX points on TRON) on a chain, and the rules of crediting. */
export interface RechargeAddress {
  chainId: number;
  chainName: string;
  address: string;
  /** The token to pay in ("USDT"), worth one point each. */
  token: string;
  /** The chain's native coin, also taken ("TRX" on TRON chains, for TRX points), or null. */
  coin: string | null;
  /** A payment is credited only when greater than this many tokens or coins ("1"). */
  minimum: string;
  /** Blocks on top of the payment's own before it is credited. */
  confirmations: number;
}

/** Silent: a refusal (recharging not available on the chain) is shown in the Recharge section, not toasted. */
export const rechargeAddress = (chainId: number) => post<RechargeAddress>('/api/partner/points/recharge', { chainId }, { silent: true });
