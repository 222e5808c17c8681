import { post } from '@/utils/request';
import type { AttemptResult } from './callbacks';
import type { PageQuery, PageResult } from './types';

// Deposits (menus 301, 401) and the transaction list (402), docs/api.md "Deposits and
// callbacks". Amounts are exact decimal strings in the token's units, never floats.

/**
 * Order states, shared with withdrawals: 0 new order, 1 awaiting review, 2 pass, 3 reject,
 * 4 waiting settlement, 5 waiting confirm, 6 processing on chain, 7 on-chain confirming,
 * 8 transaction complete, 9 partially completed, 10 transaction failed, 11 void.
 * Deposits take 7, 8 and 11.
 */
export type OrderStatus = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;
/** 0 in callback, 1 success, 2 failed. */
/** 3 (events only): superseded by a newer event of the order, never sent after it. */
export type CallbackStatus = 0 | 1 | 2 | 3;
/** 0 no notice required, 1 notifying, 2 success, 3 failure. */
export type NotifyStatus = 0 | 1 | 2 | 3;
/** 1 deposit; 2 withdrawal (later). */
export type TxType = 1 | 2;

export interface DepositRow {
  id: number;
  /** Present on the transaction list (402). */
  type?: TxType;
  orderNo: string;
  merchantOrderNo: string;
  openId: string;
  /** The end user's deposit address record. */
  userId: number;
  chainId: number;
  /** null for the chain's native coin. */
  tokenId: number | null;
  chainname: string;
  chainsymbol: string;
  symbol: string;
  symbol_price: string;
  decimals: number;
  hash: string;
  index: number;
  fromAddress: string;
  toAddress: string;
  /** Exact, in the token's units. */
  amount: string;
  /** What was credited ("0" for dust and unsupported tokens). */
  actualAmount: string;
  blockNumber: number;
  confirmations: number;
  requiredConfirmations: number;
  status: OrderStatus;
  /** "" credited, "dust" below the minimum, "unsupported" token not enabled. */
  note: string;
  callbackStatus: CallbackStatus;
  callbackResult: string;
  notifyStatus: NotifyStatus;
  createtime: string;
  confirmtime: string | null;
  voidtime: string | null;
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

export interface DepositDetail extends DepositRow {
  callbacks: CallbackAttempt[];
}

/** Filters of the list, summary and export. `start` inclusive, `end` exclusive (RFC 3339). */
export interface DepositFilters {
  start: string;
  end: string;
  chainId?: number;
  tokenId?: number;
  status?: OrderStatus;
  /** Source or target address. */
  address?: string;
  hash?: string;
  orderNo?: string;
  openId?: string;
  /** Transaction list only. */
  type?: TxType;
}

export interface DepositTotal {
  chainId: number;
  /** null for the chain's native coin. */
  tokenId: number | null;
  chainname: string;
  symbol: string;
  amount: string;
}

export interface DepositSummary {
  count: number;
  totals: DepositTotal[];
}

export type DepositQuery = PageQuery & DepositFilters;

export const pageDeposits = (query: DepositQuery, options: { silent?: boolean } = {}) =>
  post<PageResult<DepositRow>>('/api/partner/deposit/pageTx', query, options);

export const depositSummary = (filters: DepositFilters) => post<DepositSummary>('/api/partner/deposit/summary', filters, { silent: true });

/** Needs 301 or 401. */
export const depositDetail = (id: number) => post<DepositDetail>('/api/partner/deposit/detail', { id });

/** Needs 30101: delivers the deposit's latest callback again now. */
export const pushDeposit = (id: number) => post<AttemptResult>('/api/partner/deposit/push', { id }, { loading: true });

export const pageUserTx = (query: DepositQuery, options: { silent?: boolean } = {}) =>
  post<PageResult<DepositRow>>('/api/partner/user/pageTx', query, options);

export const userTxSummary = (filters: DepositFilters) => post<DepositSummary>('/api/partner/user/tx/summary', filters, { silent: true });

/** Needs 40201. */
export const pushUserTx = (id: number) => post<AttemptResult>('/api/partner/user/tx/push', { id }, { loading: true });

/** Answer of `/api/v2/hash/scan` (docs/api.md "Scanning a missed transaction"). */
export type HashScanResult = 'credited' | 'known' | 'pending';

export interface HashScanAnswer {
  /** credited: recorded now; known: recorded before (rows unchanged); pending: block not scanned yet. */
  result: HashScanResult;
  /** The new rows (credited), the existing ones (known), or none (pending). */
  deposits: DepositRow[];
}

/** Needs 40101. A refusal (10422, 10503) is the request layer's toast. */
export const scanHash = (chainId: number, hash: string) => post<HashScanAnswer>('/api/v2/hash/scan', { chainId, hash });
