import type { TFunction } from 'i18next';
import { OrderStatus, type OrderFilters } from '@/api/orders';
import type { TranslationKey } from '@/locales/types';

// Pure rules of the withdrawal screens (menus 206, 302, 403, 404), docs/api.md "Withdrawals".

/** The states a withdrawal takes, offered by the status filter (9 and 11 are never produced; 12-14 are an exchange's). */
const NEVER_A_WITHDRAWALS: readonly OrderStatus[] = [
  OrderStatus.PartiallyComplete,
  OrderStatus.Void,
  OrderStatus.Refunding,
  OrderStatus.Refunded,
  OrderStatus.Expired,
];
export const WITHDRAWAL_STATUSES: readonly OrderStatus[] = Object.values(OrderStatus).filter((status) => !NEVER_A_WITHDRAWALS.includes(status));
/** Nothing changes a withdrawal after these. */
export const FINAL_STATUSES: readonly OrderStatus[] = [OrderStatus.Rejected, OrderStatus.Complete, OrderStatus.Failed];
export const isFinal = (status: number | null | undefined): boolean => FINAL_STATUSES.includes(status as OrderStatus);

/** Rows one batch review may name (the server's limit). */
export const MAX_BATCH = 100;
/** Rows one `/withdraw/query` may name. */
export const MAX_QUERY_IDS = 100;
/** One-click review acts on at most this many rows per call. */
export const MAX_ONE_CLICK = 500;
export const REJECT_REASON_MAX = 200;
/** Spec: review again needs at least 10 minutes since the earlier approval. */
export const REVIEW_AGAIN_MINUTES = 10;
/** Progress polling after a pass: every 2 s, for at most 2 minutes. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT_MS = 120_000;

/** Risk reason codes the server stores (crates/domain withdrawals::risk::reason). */
const RISK_REASON_KEYS: Partial<Record<string, TranslationKey>> = {
  amount_over_review_minimum: 'wd_risk_amount_over_review_minimum',
  daily_count_exceeded: 'wd_risk_daily_count_exceeded',
  daily_limit_exceeded: 'wd_risk_daily_limit_exceeded',
  manual_withdrawal: 'wd_risk_manual_withdrawal',
  native_coin: 'wd_risk_native_coin',
  risk_control_refused: 'wd_risk_risk_control_refused',
  risk_control_unreachable: 'wd_risk_risk_control_unreachable',
  amount_over_order_bound: 'wd_risk_amount_over_order_bound',
  screening_failed: 'wd_risk_screening_failed',
};

/**
 * A risk reason in words. `risk_control_refused: <msg>` carries the risk-control address's own
 * message; an unknown code is shown as sent.
 */
export function riskReasonText(reason: string, t: TFunction): string {
  const separator = reason.indexOf(':');
  const code = (separator >= 0 ? reason.slice(0, separator) : reason).trim();
  const detail = separator >= 0 ? reason.slice(separator + 1).trim() : '';
  const key = RISK_REASON_KEYS[code];
  if (!key) return reason;
  const text = t(key);
  return detail ? t('label_value', { label: text, value: detail }) : text;
}

export const riskReasonsText = (reasons: readonly string[] | null | undefined, t: TFunction): string =>
  (reasons ?? []).map((reason) => riskReasonText(reason, t)).join(t('list_separator'));

/** A reject reason after trimming: 1 to 200 characters. */
export function isRejectReason(value: string | null | undefined): boolean {
  const length = [...(value ?? '').trim()].length;
  return length >= 1 && length <= REJECT_REASON_MAX;
}

/** The body of one-click review: the list's filter, narrowed to the rows awaiting review. */
export const oneClickFilter = (filters: OrderFilters): OrderFilters => ({ ...filters, status: OrderStatus.AwaitingReview });

/** Splits ids into groups of at most `size` (the query limit). */
export function chunk<T>(items: readonly T[], size = MAX_QUERY_IDS): T[][] {
  const groups: T[][] = [];
  for (let index = 0; index < items.length; index += size) groups.push(items.slice(index, index + size));
  return groups;
}

// ---------------------------------------------------------------------------------------------
// The withdraw form (206)

const MERCHANT_ORDER_NO = /^[A-Za-z0-9_-]{1,64}$/;
export const OPEN_ID_MAX = 64;
export const REMARK_MAX = 100;

/** A positive decimal string with at most `decimals` decimals (what the server accepts). */
/** Whole digits one order may name at most (the service's bound: 999,999,999,999,999). */
export const MAX_ORDER_WHOLE_DIGITS = 15;

/**
 * A positive decimal with at most `decimals` places and 15 whole digits, exactly as typed: white
 * space is refused, not trimmed (the service refuses it too).
 */
export function isWithdrawAmount(value: string | null | undefined, decimals: number): boolean {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value ?? '');
  if (!match || (match[2] ?? '').length > decimals) return false;
  if (match[1].replace(/^0+/, '').length > MAX_ORDER_WHOLE_DIGITS) return false;
  return /[1-9]/.test(`${match[1]}${match[2] ?? ''}`);
}

/** Letters, digits, `-` and `_`, 1 to 64 characters; empty is allowed (the field is optional). */
export const isMerchantOrderNo = (value: string | null | undefined): boolean => {
  const text = (value ?? '').trim();
  return text === '' || MERCHANT_ORDER_NO.test(text);
};

/** Optional text fields: trimmed, left out when blank. */
export function optionalText<K extends string>(values: Partial<Record<K, string | undefined>>, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const text = values[key]?.trim();
    if (text) out[key] = text;
  }
  return out;
}

/**
 * "12/12": a withdrawal's confirmations of those required. The server does not send how many a
 * withdrawal has: a complete one had them all, any other shows "—".
 */
export function withdrawalConfirmationsText(row: { status: number; requiredConfirmations: number | null }): string {
  const required = row.requiredConfirmations ?? 0;
  return row.status === OrderStatus.Complete ? `${required}/${required}` : `—/${required}`;
}
