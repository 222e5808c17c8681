import type { TFunction } from 'i18next';
import { CallbackStatus, NotifyStatus, OrderStatus, ReviewAction, TxType, WithdrawalSource } from '@/api/orders';

// The label key and tag colour of every order code the console shows (tables, drawers, CSV,
// filters, the callback log).

export interface StatusView {
  key: string;
  color: string;
}

/** The 12 order states of the contract, spec section 4 (every order kind). */
export const ORDER_STATUS: Record<OrderStatus, StatusView> = {
  [OrderStatus.New]: { key: 'order_status_0', color: 'default' },
  [OrderStatus.AwaitingReview]: { key: 'order_status_1', color: 'gold' },
  [OrderStatus.Passed]: { key: 'order_status_2', color: 'cyan' },
  [OrderStatus.Rejected]: { key: 'order_status_3', color: 'red' },
  [OrderStatus.WaitingSettlement]: { key: 'order_status_4', color: 'gold' },
  [OrderStatus.WaitingConfirm]: { key: 'order_status_5', color: 'gold' },
  [OrderStatus.Processing]: { key: 'order_status_6', color: 'processing' },
  [OrderStatus.Confirming]: { key: 'order_status_7', color: 'processing' },
  [OrderStatus.Complete]: { key: 'order_status_8', color: 'green' },
  [OrderStatus.PartiallyComplete]: { key: 'order_status_9', color: 'orange' },
  [OrderStatus.Failed]: { key: 'order_status_10', color: 'red' },
  [OrderStatus.Void]: { key: 'order_status_11', color: 'default' },
};

export const CALLBACK_STATUS: Record<CallbackStatus, StatusView> = {
  [CallbackStatus.Pending]: { key: 'callback_status_0', color: 'processing' },
  [CallbackStatus.Success]: { key: 'callback_status_1', color: 'green' },
  [CallbackStatus.Failed]: { key: 'callback_status_2', color: 'red' },
  [CallbackStatus.Superseded]: { key: 'callback_status_3', color: 'default' },
};
export const CALLBACK_STATUSES: readonly CallbackStatus[] = Object.values(CallbackStatus);

export const NOTIFY_STATUS: Record<NotifyStatus, StatusView> = {
  [NotifyStatus.NotRequired]: { key: 'notify_status_0', color: 'default' },
  [NotifyStatus.Notifying]: { key: 'notify_status_1', color: 'processing' },
  [NotifyStatus.Success]: { key: 'notify_status_2', color: 'green' },
  [NotifyStatus.Failure]: { key: 'notify_status_3', color: 'red' },
};

export const TX_TYPE: Record<TxType, StatusView> = {
  [TxType.Deposit]: { key: 'tx_type_1', color: 'blue' },
  [TxType.Withdrawal]: { key: 'tx_type_2', color: 'purple' },
};

export const WITHDRAWAL_SOURCE: Record<WithdrawalSource, StatusView> = {
  [WithdrawalSource.MerchantApi]: { key: 'wd_source_1', color: 'blue' },
  [WithdrawalSource.Console]: { key: 'wd_source_2', color: 'geekblue' },
  [WithdrawalSource.ManualWithdrawal]: { key: 'wd_source_3', color: 'purple' },
};

export const REVIEW_ACTION: Record<ReviewAction, StatusView> = {
  [ReviewAction.Pass]: { key: 'wd_action_1', color: 'green' },
  [ReviewAction.Reject]: { key: 'wd_action_2', color: 'red' },
  [ReviewAction.ReviewAgain]: { key: 'wd_action_3', color: 'gold' },
};

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
