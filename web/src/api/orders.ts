import type { PageQuery } from './types';

// What deposits and withdrawals (and the order kinds after them) share on the wire:
// docs/api.md "Deposits and callbacks" and "Withdrawals". The statuses are named constants of
// the integers the server sends, so code says `OrderStatus.AwaitingReview`, never `1`.

/** Order states (spec section 4), shared by every order kind. */
export const OrderStatus = {
  New: 0,
  AwaitingReview: 1,
  Passed: 2,
  Rejected: 3,
  WaitingSettlement: 4,
  WaitingConfirm: 5,
  Processing: 6,
  Confirming: 7,
  Complete: 8,
  PartiallyComplete: 9,
  Failed: 10,
  Void: 11,
  /** Exchanges only: the payment goes back to its payer. */
  Refunding: 12,
  Refunded: 13,
  /** Exchanges only: no payment arrived in time. */
  Expired: 14,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** The delivery of an order's callback; `Superseded` (events only): a newer event of the order replaced it. */
export const CallbackStatus = { Pending: 0, Success: 1, Failed: 2, Superseded: 3, NotAnnounced: 4 } as const;
export type CallbackStatus = (typeof CallbackStatus)[keyof typeof CallbackStatus];

/** The end user's notification. */
export const NotifyStatus = { NotRequired: 0, Notifying: 1, Success: 2, Failure: 3 } as const;
export type NotifyStatus = (typeof NotifyStatus)[keyof typeof NotifyStatus];

/** A row of the transaction list (402): withdrawals are listed there later. */
export const TxType = { Deposit: 1, Withdrawal: 2 } as const;
export type TxType = (typeof TxType)[keyof typeof TxType];

/** Who asked for a withdrawal. */
export const WithdrawalSource = { MerchantApi: 1, Console: 2, ManualWithdrawal: 3 } as const;
export type WithdrawalSource = (typeof WithdrawalSource)[keyof typeof WithdrawalSource];

/** A reviewer's decision on a withdrawal; reject needs a reason. */
export const ReviewAction = { Pass: 1, Reject: 2, ReviewAgain: 3 } as const;
export type ReviewAction = (typeof ReviewAction)[keyof typeof ReviewAction];

// Runtime constants live here, not in ./deposits or ./withdrawals: the component tests replace
// those modules with their calls alone.

/** The fields every order kind lists (an exchange's too). Amounts are exact decimal strings, never floats. */
export interface OrderRowCore {
  id: number;
  orderNo: string;
  merchantOrderNo: string;
  openId: string;
  chainId: number;
  /** null for the chain's native coin. */
  tokenId: number | null;
  chainname: string;
  chainsymbol: string;
  symbol: string;
  symbol_price: string;
  decimals: number;
  hash: string;
  status: OrderStatus;
  callbackStatus: CallbackStatus;
  callbackResult: string;
  notifyStatus: NotifyStatus;
  createtime: string;
}

/** An order that is one transfer (a deposit, a withdrawal): from an address to another, one amount. */
export interface OrderRowBase extends OrderRowCore {
  fromAddress: string;
  toAddress: string;
  amount: string;
  actualAmount: string;
  requiredConfirmations: number;
}

/** One delivery of a callback event to the merchant's address. */
export interface CallbackAttempt {
  id: number;
  eventId: string;
  url: string;
  httpStatus: number | null;
  latencyMs: number | null;
  /** The first 500 characters of the reply. */
  response: string;
  error: string;
  success: boolean;
  createtime: string;
  /** A stable failure reason, "" on success. */
  reason?: string;
}

/** Filters of an order list, its summary and export. `start` inclusive, `end` exclusive (RFC 3339). */
export interface OrderFilters {
  start: string;
  end: string;
  chainId?: number;
  tokenId?: number;
  status?: OrderStatus;
  /** true: only the deposits never credited (the status filter's "Not credited"); false: the others (docs/api.md). */
  uncredited?: boolean;
  /** Source or target address. */
  address?: string;
  hash?: string;
  orderNo?: string;
  /** Withdrawals only. */
  merchantOrderNo?: string;
  openId?: string;
  /** Transaction list only. */
  type?: TxType;
  /** Exchanges only: one trade pair. */
  pairId?: number;
}

export type OrderQuery = PageQuery & OrderFilters;

export interface OrderTotal {
  chainId: number;
  /** null for the chain's native coin. */
  tokenId: number | null;
  chainname: string;
  symbol: string;
  amount: string;
}

/** What became of an order, as the summaries split them (docs/api.md). */
export const ORDER_OUTCOMES = ['complete', 'pending', 'rejected', 'failed', 'uncredited'] as const;
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number];

export interface OutcomeSummary {
  count: number;
  totals: OrderTotal[];
}

/**
 * Count and totals per token of what a filter selects (all pages): `count` and `totals` every
 * row whatever became of it, `outcomes` the same split so money that moved reads apart.
 */
export interface OrderSummary {
  count: number;
  totals: OrderTotal[];
  outcomes: Record<OrderOutcome, OutcomeSummary>;
}
