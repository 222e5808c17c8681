import { post } from '@/utils/request';

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
