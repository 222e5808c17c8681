import { post } from '@/utils/request';
import type { AttemptResult } from './callbacks';
import type { CallbackAttempt, OrderFilters, OrderQuery, OrderRowBase, OrderSummary, TxType } from './orders';
import type { PageResult } from './types';

// Deposits (menus 301, 401; their rows on the transaction list, 402: ./transactions), docs/api.md "Deposits and
// callbacks". The fields every order kind shares are in ./orders.

export interface DepositRow extends OrderRowBase {
  /** Present on the transaction list (402). */
  type?: TxType;
  /** The end user's deposit address record. */
  userId: number;
  index: number;
  blockNumber: number;
  confirmations: number;
  /** Never credited, whatever `status` says; why is `note`. */
  uncredited: boolean;
  /** "" credited, "dust" below the minimum, "unsupported" token not enabled, "internal" from the merchant's own address, "below_recharge_minimum" a recharge of 1 USDT or less; any other as stored. */
  note: string;
  confirmtime: string | null;
  voidtime: string | null;
}

export interface DepositDetail extends DepositRow {
  callbacks: CallbackAttempt[];
}

export const pageDeposits = (query: OrderQuery, options: { silent?: boolean } = {}) =>
  post<PageResult<DepositRow>>('/api/partner/deposit/pageTx', query, options);

export const depositSummary = (filters: OrderFilters) => post<OrderSummary>('/api/partner/deposit/summary', filters, { silent: true });

/** Needs 301 or 401. */
export const depositDetail = (id: number) => post<DepositDetail>('/api/partner/deposit/detail', { id });

/** Needs 30101: delivers the deposit's latest callback again now. */
export const pushDeposit = (id: number) => post<AttemptResult>('/api/partner/deposit/push', { id }, { loading: true });

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
