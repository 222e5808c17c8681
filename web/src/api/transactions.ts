import { post } from '@/utils/request';
import type { AttemptResult } from './callbacks';
import type { DepositRow } from './deposits';
import type { OrderFilters, OrderSummary, TxType } from './orders';
import type { WithdrawalRow } from './withdrawals';

// The transaction list (menu 402), docs/api.md "Transaction list (402)": deposits and
// withdrawals in one list, newest first, paged by cursor.

export type TransactionRow = (DepositRow & { type: typeof TxType.Deposit }) | (WithdrawalRow & { type: typeof TxType.Withdrawal });

export interface TransactionQuery extends OrderFilters {
  pageSize: number;
  /** `next` of the previous page; none: the first page. */
  cursor?: string;
}

export interface TransactionPage {
  list: TransactionRow[];
  /** Rows the filter selects, both kinds. */
  total: number;
  /** The cursor of the next page; null on the last. */
  next: string | null;
}

export const pageTransactions = (query: TransactionQuery) => post<TransactionPage>('/api/partner/user/pageTx', query);

/** With a type: that kind's summary; without: the deposits' with `withdrawals` beside it. */
export type TransactionSummary = OrderSummary & { withdrawals?: OrderSummary };

export const transactionSummary = (filters: OrderFilters) => post<TransactionSummary>('/api/partner/user/tx/summary', filters, { silent: true });

/** Needs 40201; ids are per kind, so the type goes with it. */
export const pushTransaction = (id: number, type: TxType) => post<AttemptResult>('/api/partner/user/tx/push', { id, type }, { loading: true });
