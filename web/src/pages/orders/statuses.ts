import type { TFunction } from 'i18next';
import { ExchangeOrigin } from '@/api/exchange';
import { CollectionStatus, CollectionTrigger, StepKind, StepState } from '@/api/collection';
import { CallbackStatus, NotifyStatus, OrderStatus, ReviewAction, TxType, WithdrawalSource } from '@/api/orders';
import type { TranslationKey } from '@/locales/types';
import type { CallbackAddressState } from '@/store/callbackAddress';

// The label key and tag colour of every order code the console shows (tables, drawers, CSV,
// filters, the callback log).

export interface StatusView {
  key: TranslationKey;
  color: string;
}

/**
 * The views of a set of codes: the label key of each code (`order_status_8`, checked by typecheck),
 * the colour given by the code's name.
 */
function codeViews<C extends Record<string, number>>(
  codes: C,
  labelKey: (code: C[keyof C]) => TranslationKey,
  colors: Record<keyof C, string>,
): Record<C[keyof C], StatusView> {
  const views = {} as Record<number, StatusView>;
  for (const name of Object.keys(codes) as Array<keyof C>) views[codes[name]] = { key: labelKey(codes[name]), color: colors[name] };
  return views as Record<C[keyof C], StatusView>;
}

/** The 12 order states of the contract, spec section 4 (every order kind), and the exchanges' own three. */
export const ORDER_STATUS = codeViews(OrderStatus, (code) => `order_status_${code}`, {
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
  Refunding: 'processing',
  Refunded: 'orange',
  Expired: 'default',
});

/**
 * The states an exchange takes, in the order it moves through them (docs/api.md "Exchange
 * orders"), and the words an exchange says them in: "Paying out" where a withdrawal says "Pass",
 * "Payout sent" where it says "Processing on chain". The colour is the state's everywhere.
 */
export const EXCHANGE_STATUSES = [
  OrderStatus.New,
  OrderStatus.Confirming,
  OrderStatus.Passed,
  OrderStatus.Processing,
  OrderStatus.Complete,
  OrderStatus.AwaitingReview,
  OrderStatus.Refunding,
  OrderStatus.Refunded,
  OrderStatus.Expired,
  OrderStatus.Failed,
] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];
/** The label key of an exchange's state (the server's exports write the same texts). */
const exchangeStatusKey = (code: ExchangeStatus): TranslationKey => `exchange_status_${code}`;

export const EXCHANGE_STATUS = Object.fromEntries(
  EXCHANGE_STATUSES.map((code) => [code, { key: exchangeStatusKey(code), color: ORDER_STATUS[code].color }]),
) as Record<ExchangeStatus, StatusView>;

/** How an exchange was made: through the merchant API at a quote, or by a payment to an exchange address. */
export const EXCHANGE_ORIGIN = codeViews(ExchangeOrigin, (code) => `xo_origin_${code}`, { MerchantApi: 'blue', ExchangeAddress: 'geekblue' });

export const CALLBACK_STATUS = codeViews(CallbackStatus, (code) => `callback_status_${code}`, { Pending: 'processing', Success: 'green', Failed: 'red', Superseded: 'default', NotAnnounced: 'default' });
export const CALLBACK_STATUSES: readonly CallbackStatus[] = Object.values(CallbackStatus);

export const NOTIFY_STATUS = codeViews(NotifyStatus, (code) => `notify_status_${code}`, { NotRequired: 'default', Notifying: 'processing', Success: 'green', Failure: 'red' });

/** A collection's seven states (spec section 4). */
export const COLLECTION_STATUS = codeViews(CollectionStatus, (code) => `collection_status_${code}`, {
  Collected: 'green',
  NotCollected: 'default',
  WaitingFeeArrival: 'gold',
  Failed: 'red',
  WaitingEnergyTransaction: 'gold',
  EnergyCollecting: 'processing',
  WaitingCollection: 'processing',
});

/** What opened a collection. */
export const COLLECTION_TRIGGER = codeViews(CollectionTrigger, (code) => `collection_trigger_${code}`, { Scheduled: 'blue', OnDeposit: 'cyan', Manual: 'purple' });

/** What an on-chain step of a collection does, and how far it got. */
export const COLLECTION_STEP_KIND = codeViews(StepKind, (code) => `collection_step_kind_${code}`, { FeeTopUp: 'gold', Activation: 'blue', SweepPart: 'geekblue', TrxLeft: 'cyan' });
export const COLLECTION_STEP_STATE = codeViews(StepState, (code) => `collection_step_state_${code}`, {
  Signed: 'default',
  Broadcast: 'processing',
  Seen: 'processing',
  Confirmed: 'green',
  Dead: 'red',
});

export const TX_TYPE = codeViews(TxType, (code) => `tx_type_${code}`, { Deposit: 'blue', Withdrawal: 'purple' });

export const WITHDRAWAL_SOURCE = codeViews(WithdrawalSource, (code) => `wd_source_${code}`, { MerchantApi: 'blue', Console: 'geekblue', ManualWithdrawal: 'purple' });

export const REVIEW_ACTION = codeViews(ReviewAction, (code) => `wd_action_${code}`, { Pass: 'green', Reject: 'red', ReviewAgain: 'gold' });

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

/** An order whose callback has nowhere to go (System › Callback has no address): nothing is sent. */
export const NO_CALLBACK_ADDRESS: StatusView = { key: 'callback_no_address', color: 'warning' };
/** An order nothing is announced for (a deposit never credited; nothing queued yet). */
export const NO_NOTICE: StatusView = NOTIFY_STATUS[NotifyStatus.NotRequired];

/**
 * What an order's callback and notification cells say, agreeing with each other and with the
 * facts: an order that needs no notice says so in both (not "In callback" beside "No notice
 * required"); a callback waiting while the merchant has no callback address says "No callback
 * address" (not "In callback" / "Notifying" with nothing ever sent). When the address cannot be
 * read ('unknown'), the server's states as they are.
 */
export function orderNoticeViews(
  row: { callbackStatus: number; notifyStatus: number },
  address: CallbackAddressState,
): { callback: StatusView | null; notify: StatusView | null } {
  const pending = row.callbackStatus === CallbackStatus.Pending;
  if (row.callbackStatus === CallbackStatus.NotAnnounced || (pending && row.notifyStatus === NotifyStatus.NotRequired)) {
    return { callback: NO_NOTICE, notify: NO_NOTICE };
  }
  if (address === 'none' && pending) return { callback: NO_CALLBACK_ADDRESS, notify: NO_CALLBACK_ADDRESS };
  return { callback: statusView(CALLBACK_STATUS, row.callbackStatus), notify: statusView(NOTIFY_STATUS, row.notifyStatus) };
}

/** The callback's and the notice's states that tell one outcome (the spec's words differ: "failed", "failure"). */
const SAME_OUTCOME: ReadonlyArray<readonly [number, number]> = [
  [CallbackStatus.Success, NotifyStatus.Success],
  [CallbackStatus.Failed, NotifyStatus.Failure],
];

/**
 * Whether an order's notice says nothing its callback's state does not (one tag for both): the
 * same view, or a callback and a notice that were both delivered, or both gave up.
 */
export function noticeRepeatsCallback(row: { callbackStatus: number; notifyStatus: number }, views: ReturnType<typeof orderNoticeViews>): boolean {
  if (views.notify === views.callback) return true;
  const shownAsIs = views.callback === statusView(CALLBACK_STATUS, row.callbackStatus) && views.notify === statusView(NOTIFY_STATUS, row.notifyStatus);
  return shownAsIs && SAME_OUTCOME.some(([callback, notify]) => row.callbackStatus === callback && row.notifyStatus === notify);
}

/** A callback event of the log: a pending one has nowhere to go without a callback address. */
export function callbackEventView(status: number, address: CallbackAddressState): StatusView | null {
  return address === 'none' && status === CallbackStatus.Pending ? NO_CALLBACK_ADDRESS : statusView(CALLBACK_STATUS, status);
}
