import { post } from '@/utils/request';
import type { AttemptResult } from './callbacks';
import type { CallbackAttempt, OrderFilters, OrderQuery, OrderRowCore, OrderStatus, OrderSummary } from './orders';
import type { PageResult } from './types';

// Token › Trade (menu 204; saving a pair also needs TRADE_PAIR_EDIT, 20401, and the Google code),
// docs/api.md "Exchange": the merchant's trade pairs, token IN → token OUT on one chain, each
// priced live from the price source the operator set for it. Rates and amounts are exact decimal
// strings (a rate is token OUT per 1 token IN), never floats; times are UTC RFC 3339 strings.

/** What a payment outside the pair's rules gets: refunded, or held for review. */
export const OutsideRule = { Refund: 1, HoldForReview: 2 } as const;
export type OutsideRule = (typeof OutsideRule)[keyof typeof OutsideRule];

/** Where a pair's price comes from: none yet (the pair is stopped), a fixed rate, an HTTP feed. */
export const PriceSourceKind = { None: 0, Fixed: 1, Feed: 2 } as const;
export type PriceSourceKind = (typeof PriceSourceKind)[keyof typeof PriceSourceKind];

/** One side of a pair; tokenId null is the chain's native coin. */
export interface PairToken {
  tokenId: number | null;
  symbol: string;
  decimals: number;
}

export interface PairSource {
  kind: PriceSourceKind;
  /** A feed's host; the words the server uses for the other kinds. */
  label: string;
  /** A feed's staleness limit (1..3600 s); null for the other kinds. */
  maxAgeSecs: number | null;
}

/** Why a pair takes no order now: 22001 no price source, 22002 the feed failed, 22003 the price is stale. */
export interface PairStop {
  code: number;
  /** The reason in the caller's language. */
  msg: string;
}

/** The pair's price, read live for this answer. */
export interface PairPrice {
  /** Market rate, OUT per IN. */
  rate: string | null;
  /** The market rate less the spread, rounded down. */
  quoteRate: string | null;
  /** When the price was made. */
  at: string | null;
  ageSecs: number | null;
  /** null: the pair is priced and takes orders. */
  stopped: PairStop | null;
}

export interface PairView {
  id: number;
  chainId: number;
  chainname: string;
  tokenIn: PairToken;
  tokenOut: PairToken;
  enabled: boolean;
  /** 0..5000 basis points taken off the market rate (50 = 0.50 %). */
  spreadBp: number;
  /** 0..1000 basis points: how far a late payment's fresh rate may be below its quote. */
  toleranceBp: number;
  /** Token IN, decimal texts. */
  minIn: string;
  maxIn: string;
  /** "0": no daily limit. */
  dailyLimit: string;
  /** Token IN exchanged in the merchant's day. */
  usedToday: string;
  /** One of the merchant's hot wallets on the chain: it pays token OUT. */
  payoutWallet: string;
  /** Token OUT it held at the last reading; null: never read. */
  payoutBalance: string | null;
  payoutBalanceAt: string | null;
  outsideRule: OutsideRule;
  source: PairSource;
  price: PairPrice;
  updatetime: string;
}

/** A pair to add (no id) or edit (its id; chain and tokens then stay as they are). */
export interface PairSave {
  id?: number;
  chainId: number;
  tokenIn: number | null;
  tokenOut: number | null;
  enabled: boolean;
  spreadBp: number;
  toleranceBp: number;
  minIn: string;
  maxIn: string;
  dailyLimit: string;
  payoutWallet: string;
  outsideRule: OutsideRule;
  googleCode: string;
}

/** Every pair of the merchant (at most 20), each with its price read live. */
export const listPairs = (options: { silent?: boolean } = {}) => post<PairView[]>('/api/v2/exchange/pair/list', {}, options);

/** Needs 20401 and the Google code. A refusal is the request layer's toast (and shown in the form). */
export const savePair = (body: PairSave) => post<{ id: number }>('/api/v2/exchange/pair/save', body, { loading: true });

// Exchange orders (menu 204; re-push also needs TRADE_PUSH, 20403; deciding a held one
// TRADE_DECIDE, 20402, and the Google code), docs/api.md "Exchange orders": an end user pays
// token IN to their exchange address and gets token OUT back on the same chain. Amounts and rates
// are decimal strings in their token's units; times as every other list.

/** How an exchange order was made. */
export const ExchangeOrigin = { MerchantApi: 1, ExchangeAddress: 2 } as const;
export type ExchangeOrigin = (typeof ExchangeOrigin)[keyof typeof ExchangeOrigin];

/** A decision on an exchange held for review. */
export const ExchangeDecision = { PayOut: 1, Refund: 2 } as const;
export type ExchangeDecision = (typeof ExchangeDecision)[keyof typeof ExchangeDecision];

/** An exchange order as the list and the detail send it. */
export interface ExchangeRow extends OrderRowCore {
  type: 3;
  origin: ExchangeOrigin;
  pairId: number;
  /** Token OUT; null: the chain's native coin. (`tokenId`, `symbol`, `decimals` are token IN's.) */
  tokenOutId: number | null;
  symbolOut: string;
  decimalsOut: number;
  /** The end user's exchange address, where they pay. */
  toAddress: string;
  /** Who paid; "" until paid. */
  fromAddress: string;
  payoutAddress: string;
  /** The quoted amount in; "0" for an order made by a payment to an exchange address. */
  amountIn: string;
  /** "0" until paid. */
  paidIn: string;
  minOut: string;
  amountOut: string;
  /** Token OUT per 1 token IN after the spread. */
  rate: string;
  marketRate: string;
  spreadBp: number;
  /** 1 a fixed rate ("fixed, not market"), 2 a price feed. */
  source: typeof PriceSourceKind.Fixed | typeof PriceSourceKind.Feed;
  sourceLabel: string;
  /** When the price was read. */
  priceTime: string | null;
  /** A late payment priced afresh within the pair's tolerance. */
  repriced: boolean;
  /** The payout's or the refund's hash; "" until broadcast. (`hash` is the payment's.) */
  outHash: string;
  /** Points charged; "0" none. */
  fee: string;
  /** Why it is held, refunded or failed, in words; "". */
  reason: string;
  payBy: string;
  completetime: string | null;
}

/** The deposit record of the payment in. */
export interface ExchangePayment {
  id: number;
  orderNo: string;
  hash: string;
  status: OrderStatus;
  confirmations: number;
  requiredConfirmations: number;
}

/** The withdrawal paying out or sending back (its status codes are a withdrawal's). */
export interface ExchangeTransfer {
  id: number;
  orderNo: string;
  hash: string;
  status: OrderStatus;
  /** Where it pays: the payout address, or the payer for a refund. */
  toAddress: string;
  createtime: string;
}

export interface ExchangeDetail extends ExchangeRow {
  callbacks: CallbackAttempt[];
  payment: ExchangePayment | null;
  payout: ExchangeTransfer | null;
  refund: ExchangeTransfer | null;
}

/** The answer of a decision: the order as it is now. */
export interface ExchangeDecided {
  id: number;
  status: OrderStatus;
  amountOut: string;
  rate: string;
}

export const pageExchanges = (query: OrderQuery, options: { silent?: boolean } = {}) =>
  post<PageResult<ExchangeRow>>('/api/v2/exchange/pagelist', query, options);

/** Totals in the token paid IN. */
export const exchangeSummary = (filters: OrderFilters) => post<OrderSummary>('/api/v2/exchange/summary', filters, { silent: true });

export const exchangeDetail = (id: number) => post<ExchangeDetail>('/api/v2/exchange/detail', { id });

/** Needs 20403: delivers the exchange's latest callback again now. */
export const pushExchange = (id: number) => post<AttemptResult>('/api/v2/exchange/push', { id }, { loading: true });

/** Needs 20402 and the Google code: pays a held exchange out at the price read now, or sends the payment back. */
export const decideExchange = (id: number, action: ExchangeDecision, googleCode: string) =>
  post<ExchangeDecided>('/api/v2/exchange/check', { id, action, googleCode }, { loading: true });
