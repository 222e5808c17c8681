import type { TFunction } from 'i18next';
import { CallbackStatus, NotifyStatus, OrderStatus, ReviewAction, TxType, WithdrawalSource } from '@/api/orders';

// The label key and tag colour of every order code the console shows (tables, drawers, CSV,
// filters, the callback log).

export interface StatusView {
  key: string;
  color: string;
}

/**
 * The views of a set of codes: the label key is `prefix` and the integer (`order_status_8`), the
 * colour is given by the code's name.
 */
function codeViews<C extends Record<string, number>>(codes: C, prefix: string, colors: Record<keyof C, string>): Record<C[keyof C], StatusView> {
  const views = {} as Record<number, StatusView>;
  for (const name of Object.keys(codes) as Array<keyof C>) views[codes[name]] = { key: `${prefix}${codes[name]}`, color: colors[name] };
  return views as Record<C[keyof C], StatusView>;
}

/** The 12 order states of the contract, spec section 4 (every order kind). */
export const ORDER_STATUS = codeViews(OrderStatus, 'order_status_', {
  New: 'default',
  AwaitingReview: 'gold',
  Passed: 'cyan',
  Rejected: 'red',
  WaitingSettlement: 'gold',
  WaitingConfirm: 'gold',
  Processing: 'processing',
  Confirming: 'processing',
  Complete: 'green',
  PartiallyComplete: 'orange',
  Failed: 'red',
  Void: 'default',
});

export const CALLBACK_STATUS = codeViews(CallbackStatus, 'callback_status_', { Pending: 'processing', Success: 'green', Failed: 'red', Superseded: 'default' });
export const CALLBACK_STATUSES: readonly CallbackStatus[] = Object.values(CallbackStatus);

export const NOTIFY_STATUS = codeViews(NotifyStatus, 'notify_status_', { NotRequired: 'default', Notifying: 'processing', Success: 'green', Failure: 'red' });

export const TX_TYPE = codeViews(TxType, 'tx_type_', { Deposit: 'blue', Withdrawal: 'purple' });

export const WITHDRAWAL_SOURCE = codeViews(WithdrawalSource, 'wd_source_', { MerchantApi: 'blue', Console: 'geekblue', ManualWithdrawal: 'purple' });

export const REVIEW_ACTION = codeViews(ReviewAction, 'wd_action_', { Pass: 'green', Reject: 'red', ReviewAgain: 'gold' });

/** Label key and colour of a value of one of the maps above; null for a value it does not name. */
export function statusView<K extends number>(map: Record<K, StatusView>, value: number | null | undefined): StatusView | null {
  if (value === null || value === undefined) return null;
  return (map as Record<number, StatusView>)[value] ?? null;
}

/** A code as its label in the UI language (the raw value when unnamed), for CSV cells. */
export function statusText<K extends number>(t: TFunction, map: Record<K, StatusView>, value: number | null | undefined): string {
  const view = statusView(map, value);
  return view ? t(view.key) : String(value ?? '');
}
