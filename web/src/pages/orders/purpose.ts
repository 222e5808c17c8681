import type { ListColumn } from '@/components/list/columnSettings';
import type { TranslationKey } from '@/locales/types';

// Orders and Transactions list the same rows for two jobs (issue 32): Orders are the merchant's
// business orders (its order number, the user, the amount, whether the merchant and the user
// were told), Transactions what happened on chain (hash, addresses, confirmations, when). A
// screen says its job in one line under its title and leads with that job's columns; the kind's
// other columns are one click away (Columns, and the drawer).

/** The column keys (the kinds' `ListColumn` keys) each job leads with, in this order. */
export const ORDER_COLUMNS = ['merchantOrderNo', 'openId', 'amount', 'status', 'notices'] as const;
// When the chain settled it (`confirmedAt`: the API has no block time) is one click away: with
// the widest amounts it does not fit beside these at 1200 px (e2e/lists.spec.ts).
/** An exchange's business view: its pair, what came in and went out, at which rate, its state and notices. */
export const EXCHANGE_COLUMNS = ['merchantOrderNo', 'pair', 'paidIn', 'amountOut', 'rate', 'status', 'notices'] as const;
export const CHAIN_COLUMNS = ['hash', 'from', 'to', 'confirmations', 'amount', 'status'] as const;

export interface ScreenPurpose {
  /** The one line under the title. */
  lineKey: TranslationKey;
  /** The columns shown at first, after the order number. */
  lead: readonly string[];
}

/**
 * The kind's columns in the job's order: the pinned ones where they are (order number left,
 * Actions right), the lead in its order and shown, every other one after them and hidden.
 */
export function leadWith<R>(columns: ReadonlyArray<ListColumn<R>>, lead: readonly string[]): Array<ListColumn<R>> {
  const free = columns.filter((column) => !column.fixed);
  const leading = lead.flatMap((key) => free.filter((column) => String(column.key) === key)).map((column) => ({ ...column, secondary: false }));
  const rest = free.filter((column) => !lead.includes(String(column.key))).map((column) => ({ ...column, secondary: true }));
  return [
    ...columns.filter((column) => column.fixed === 'left'),
    ...leading,
    ...rest,
    ...columns.filter((column) => column.fixed && column.fixed !== 'left'),
  ];
}
