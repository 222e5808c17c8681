import dayjs, { type Dayjs } from 'dayjs';
import type { CallbackStatus, DepositFilters, NotifyStatus, OrderStatus, TxType } from '@/api/deposits';
import { dayStartInZone, isTimeZone, type PickedRange } from '@/utils/timezone';

// Pure rules of the deposit screens (menus 301, 401, 402) and the callback log (804):
// labels of every status of the contract, the filter period, and the filter body.

export interface StatusView {
  key: string;
  color: string;
}

/** The 12 order states of the contract (shared with withdrawals), spec section 4. */
export const ORDER_STATUS: Record<OrderStatus, StatusView> = {
  0: { key: 'order_status_0', color: 'default' },
  1: { key: 'order_status_1', color: 'gold' },
  2: { key: 'order_status_2', color: 'cyan' },
  3: { key: 'order_status_3', color: 'red' },
  4: { key: 'order_status_4', color: 'gold' },
  5: { key: 'order_status_5', color: 'gold' },
  6: { key: 'order_status_6', color: 'processing' },
  7: { key: 'order_status_7', color: 'processing' },
  8: { key: 'order_status_8', color: 'green' },
  9: { key: 'order_status_9', color: 'orange' },
  10: { key: 'order_status_10', color: 'red' },
  11: { key: 'order_status_11', color: 'default' },
};

/** The states a deposit takes, offered by the status filter. */
export const DEPOSIT_STATUSES: readonly OrderStatus[] = [7, 8, 11];

export const CALLBACK_STATUS: Record<CallbackStatus, StatusView> = {
  0: { key: 'callback_status_0', color: 'processing' },
  1: { key: 'callback_status_1', color: 'green' },
  2: { key: 'callback_status_2', color: 'red' },
  3: { key: 'callback_status_3', color: 'default' },
};
export const CALLBACK_STATUSES: readonly CallbackStatus[] = [0, 1, 2, 3];

export const NOTIFY_STATUS: Record<NotifyStatus, StatusView> = {
  0: { key: 'notify_status_0', color: 'default' },
  1: { key: 'notify_status_1', color: 'processing' },
  2: { key: 'notify_status_2', color: 'green' },
  3: { key: 'notify_status_3', color: 'red' },
};

export const TX_TYPE: Record<TxType, StatusView> = {
  1: { key: 'tx_type_1', color: 'blue' },
  2: { key: 'tx_type_2', color: 'purple' },
};

/** Label key and colour of a value of one of the maps above; null for a value it does not name. */
export function statusView<K extends number>(map: Record<K, StatusView>, value: number | null | undefined): StatusView | null {
  if (value === null || value === undefined) return null;
  return (map as Record<number, StatusView>)[value] ?? null;
}

/** "3/12": confirmations seen of those required. */
export const confirmationsText = (seen: number | null | undefined, required: number | null | undefined): string =>
  `${seen ?? 0}/${required ?? 0}`;

/** Why a deposit credited nothing: the note's label key, or null when credited. */
export function noteKey(note: string | null | undefined): string | null {
  if (!note) return null;
  if (note === 'dust') return 'deposit_note_dust';
  if (note === 'unsupported') return 'deposit_note_unsupported';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Dates

/** The list and summary calls refuse a wider period (docs/api.md). */
export const MAX_RANGE_DAYS = 366;
/** The default period: the last 7 days, today included, in the merchant's zone. */
export const DEFAULT_RANGE_DAYS = 7;

/** Today's calendar date in the zone (YYYY-MM-DD); the browser's date while the zone is unknown. */
export function todayInZone(hours: number | null, now: Date = new Date()): string {
  const moment = dayjs(now);
  return (isTimeZone(hours) ? moment.utcOffset(hours * 60) : moment).format('YYYY-MM-DD');
}

/** [today - 6, today] in the merchant's zone, as the date picker's (local) dates. */
export function defaultRange(hours: number | null, now: Date = new Date()): [Dayjs, Dayjs] {
  const today = dayjs(todayInZone(hours, now));
  return [today.subtract(DEFAULT_RANGE_DAYS - 1, 'day'), today];
}

export type PeriodCheck =
  | { ok: true; period: { start: string; end: string } }
  /** 'missing': no start or no end (both are required); 'too_long': more than 366 days. */
  | { ok: false; reason: 'missing' | 'too_long' };

/**
 * The picked days as the contract's period: `start` the first instant of the first day and
 * `end` (exclusive) the first instant of the day after the last, both in the merchant's zone.
 */
export function requiredPeriod(range: PickedRange, hours: number | null): PeriodCheck {
  const [from, to] = range ?? [null, null];
  if (!from || !to) return { ok: false, reason: 'missing' };
  const [first, last] = from.isAfter(to, 'day') ? [to, from] : [from, to];
  const firstDay = dayjs(first.format('YYYY-MM-DD'));
  const afterLast = dayjs(last.format('YYYY-MM-DD')).add(1, 'day');
  if (afterLast.diff(firstDay, 'day') > MAX_RANGE_DAYS) return { ok: false, reason: 'too_long' };
  return { ok: true, period: { start: dayStartInZone(firstDay, hours), end: dayStartInZone(afterLast, hours) } };
}

/** For lists where the period is optional (callback log): none, or both ends as above. */
export function optionalPeriod(range: PickedRange, hours: number | null): PeriodCheck | { ok: true; period: Record<string, never> } {
  const [from, to] = range ?? [null, null];
  if (!from && !to) return { ok: true, period: {} };
  return requiredPeriod(range, hours);
}

/** The validation message key of a period problem. */
export const periodMessageKey = (reason: 'missing' | 'too_long'): string =>
  reason === 'missing' ? 'dates_required' : 'dates_too_long';

// ---------------------------------------------------------------------------------------------
// Filters

/**
 * The body the filter bar produces: the deposit filters, plus the merchant order number that
 * only the withdrawal screens offer (the deposit bar never sets it).
 */
export type OrderFilters = DepositFilters & { merchantOrderNo?: string };

/** What the filter form holds. */
export interface DepositFilterValues {
  period?: PickedRange;
  chainId?: number | null;
  tokenId?: number | null;
  status?: OrderStatus | null;
  type?: TxType | null;
  address?: string;
  hash?: string;
  orderNo?: string;
  merchantOrderNo?: string;
  openId?: string;
}

const has = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/**
 * The request body of the form's values: the period (required), the chosen ids, and the text
 * filters trimmed (blank ones left out). Null when the period is refused.
 */
export function toDepositFilters(values: DepositFilterValues, hours: number | null): OrderFilters | null {
  const period = requiredPeriod(values.period, hours);
  if (!period.ok) return null;
  const filters: OrderFilters = { ...period.period };
  if (has(values.chainId)) filters.chainId = values.chainId;
  if (has(values.tokenId)) filters.tokenId = values.tokenId;
  if (has(values.status)) filters.status = values.status;
  if (has(values.type)) filters.type = values.type;
  for (const key of ['address', 'hash', 'orderNo', 'merchantOrderNo', 'openId'] as const) {
    const text = values[key]?.trim();
    if (text) filters[key] = text;
  }
  return filters;
}

/** File name of an export: `deposits-20261116-20261122.csv` (the picked days, end included). */
export function exportFileName(prefix: string, filters: Pick<DepositFilters, 'start' | 'end'>): string {
  const first = filters.start.slice(0, 10).replace(/-/g, '');
  // `end` is the first instant after the last day: name the last day itself.
  const last = dayjs(filters.end.slice(0, 10)).subtract(1, 'day').format('YYYYMMDD');
  return `${prefix}-${first}-${last}.csv`;
}
