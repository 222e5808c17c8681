import { post } from '@/utils/request';
import type { AttemptResult } from './callbacks';
import type { CallbackAttempt, OrderFilters, OrderQuery, OrderRowBase, OrderStatus, OrderSummary, ReviewAction, WithdrawalSource } from './orders';
import type { PageResult } from './types';

// Withdrawals (menus 206, 302, 403, 404), docs/api.md "Withdrawals". The fields every order
// kind shares are in ./orders; a withdrawal never takes 9 (partially completed) or 11 (void).

export interface WithdrawalRow extends OrderRowBase {
  /** Always 2 (withdrawal). */
  type: 2;
  source: WithdrawalSource;
  /** Echoed to the risk-control address and callbacks. */
  securityCode: string;
  /** Native coin spent on the transaction ("" until known). */
  fee: string;
  blockNumber: number | null;
  /** Held for a person's review (limits or risk control). */
  reviewRequired: boolean;
  /** Why it waits: codes such as `amount_over_review_minimum`, `risk_control_refused: <msg>`. */
  riskReasons: string[];
  /** The reviewer's rejection reason, or why it waits or failed. */
  reason: string;
  remark: string;
  /** Console user who asked; "" for the merchant API. */
  createdBy: string;
  reviewer: string;
  reviewtime: string | null;
  completetime: string | null;
}

/** One review decision, newest first. */
export interface WithdrawalReview {
  action: ReviewAction;
  reviewer: string;
  reason: string;
  createtime: string;
}

export interface WithdrawalDetail extends WithdrawalRow {
  callbacks: CallbackAttempt[];
  reviews: WithdrawalReview[];
}

/** `/withdraw/query`: a row in progress. */
export interface WithdrawalProgress {
  id: number;
  status: OrderStatus;
  hash: string;
  reason: string;
}

export interface ReviewRowResult {
  id: number;
  ok: boolean;
  code: number;
  /** Why the row was refused ("" when ok), in the UI language. */
  msg: string;
}

export interface ReviewReport {
  /** Rows the selection matched. */
  total: number;
  /** Rows changed. */
  done: number;
  results: ReviewRowResult[];
}

/** Batch review names the rows (at most 100); one-click acts on every awaiting row the filter selects. */
export type ReviewSelection = { ids: number[] } | { all: true; filter: OrderFilters };

export interface WithdrawRequest {
  chainId: number;
  /** null: the chain's native coin. */
  tokenId: number | null;
  toAddress: string;
  amount: string;
  merchantOrderNo?: string;
  openId?: string;
  remark?: string;
  googleCode: string;
}

export interface ManualWithdrawRequest {
  chainId: number;
  tokenId: number | null;
  /** One of the merchant's hot wallets on the chain. */
  fromAddress: string;
  toAddress: string;
  amount: string;
  remark?: string;
  googleCode: string;
}

/** Needs 20601 and the authenticator's code. */
export const requestWithdraw = (body: WithdrawRequest) => post<WithdrawalRow>('/api/partner/withdraw', body, { loading: true });

/** Needs 20602 and the authenticator's code; always waits for review. */
export const manualWithdraw = (body: ManualWithdrawRequest) => post<WithdrawalRow>('/api/partner/manualWithdraw', body, { loading: true });

/** Needs 302, 403 or 404. */
export const pageWithdrawals = (query: OrderQuery, options: { silent?: boolean } = {}) =>
  post<PageResult<WithdrawalRow>>('/api/partner/withdraw/pageTx', query, options);

export const withdrawalSummary = (filters: OrderFilters) =>
  post<OrderSummary>('/api/partner/withdraw/summary', filters, { silent: true });

export const withdrawalDetail = (id: number) => post<WithdrawalDetail>('/api/partner/withdraw/detail', { id });

/** Silent polling of rows in progress (at most 100 ids). */
export const queryWithdrawals = (ids: number[]) => post<WithdrawalProgress[]>('/api/partner/withdraw/query', { ids }, { silent: true });

/**
 * Pass and reject need 40301, review again 40302. A whole-call refusal (10422) is toasted.
 * Passing (action 1) needs the reviewer's Google code; reject and review again do not.
 */
export const checkWithdrawals = (selection: ReviewSelection, action: ReviewAction, reason?: string, googleCode?: string) =>
  post<ReviewReport>(
    '/api/partner/withdraw/check',
    { ...selection, action, ...(reason === undefined ? {} : { reason }), ...(googleCode === undefined ? {} : { googleCode }) },
    { loading: true },
  );

/** Needs 30201 or 40401: delivers the withdrawal's latest callback again now. */
export const pushWithdrawal = (id: number) => post<AttemptResult>('/api/partner/withdraw/push', { id }, { loading: true });

/** Needs 80403. `""` clears the address; the answer is the stored (normalised) form. */
export const saveRiskUrl = (riskUrl: string) => post<{ riskUrl: string }>('/api/partner/riskurl/save', { riskUrl }, { loading: true });
