import dayjs, { type Dayjs } from 'dayjs';
import { TxType, type OrderFilters, type OrderStatus } from '@/api/orders';
import { statusField, type FilterField } from '@/components/list/filterFields';
import { dayStartInZone, isTimeZone, type PickedRange } from '@/utils/timezone';
import type { TranslationKey } from '@/locales/types';
import { ORDER_STATUS, TX_TYPE } from './statuses';

// Pure rules of every order list's filter (deposits, withdrawals) and of the callback log's
// period: the default and the longest period, and the request body of the filter form.

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

/**
 * The period a list opens on: the last 7 days of the merchant's zone, reaching back to the day a
 * link asks for (`?since=2026-11-10`: Home's waiting items, however old), at most the longest
 * period a list takes.
 */
export function linkedRange(params: URLSearchParams, hours: number | null, now: Date = new Date()): [Dayjs, Dayjs] {
  const [start, today] = defaultRange(hours, now);
  const asked = params.get('since') ?? '';
  const since = dayjs(asked);
  // A real day as written (not "2026-02-31", which dayjs would roll on), before the 7 days.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asked) || since.format('YYYY-MM-DD') !== asked || !since.isBefore(start)) return [start, today];
  const earliest = today.subtract(MAX_RANGE_DAYS - 1, 'day');
  return [since.isBefore(earliest) ? earliest : since, today];
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
export const periodMessageKey = (reason: 'missing' | 'too_long'): TranslationKey =>
  reason === 'missing' ? 'dates_required' : 'dates_too_long';

/** Why a required period is refused (a missing end, too long), or null. The picked days alone decide. */
export const requiredPeriodProblem = (range: PickedRange): TranslationKey | null => {
  const period = requiredPeriod(range, null);
  return period.ok ? null : periodMessageKey(period.reason);
};

/** Why an optional period (none, or both ends) is refused, or null. */
export const optionalPeriodProblem = (range: PickedRange): TranslationKey | null => {
  const period = optionalPeriod(range, null);
  return period.ok ? null : periodMessageKey(period.reason);
};

/**
 * The status filter's "Not credited" choice, on the lists that hold deposits: a deposit never
 * credited, whatever its state, sent as `uncredited: true` (docs/api.md "Not credited").
 */
export const NOT_CREDITED = 'uncredited';
/** A choice of the status filter: a state, or "Not credited". */
export type StatusChoice = OrderStatus | typeof NOT_CREDITED;

/** The label of every choice of the status filter. */
const STATUS_CHOICES: Readonly<Record<StatusChoice, { key: TranslationKey }>> = { ...ORDER_STATUS, [NOT_CREDITED]: { key: 'deposit_not_credited' } };

/**
 * The state a link to an order list asks for (`?status=1`: Home's "Exchanges held for review"),
 * when the list's status filter offers it; otherwise none.
 */
export function linkedStatus(params: URLSearchParams, statuses: readonly StatusChoice[]): OrderStatus | undefined {
  const asked = params.get('status');
  if (asked === null || !/^\d+$/.test(asked)) return undefined;
  return statuses.find((status): status is OrderStatus => status === Number(asked));
}

/** What the filter form holds. */
export interface OrderFilterValues {
  period?: PickedRange;
  chainId?: number | null;
  tokenId?: number | null;
  /** Exchanges: one trade pair. */
  pairId?: number | null;
  status?: StatusChoice | null;
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
 * filters trimmed (blank ones left out). Null when the period is refused. "Not credited" is
 * `uncredited: true`; where the list holds deposits (`withCredit`) a state is that state's
 * credited deposits (`uncredited: false`), so "Transaction complete" never lists one that was not.
 */
export function toOrderFilters(values: OrderFilterValues, hours: number | null, withCredit = false): OrderFilters | null {
  const period = requiredPeriod(values.period, hours);
  if (!period.ok) return null;
  const filters: OrderFilters = { ...period.period };
  if (has(values.chainId)) filters.chainId = values.chainId;
  if (has(values.tokenId)) filters.tokenId = values.tokenId;
  if (has(values.pairId)) filters.pairId = values.pairId;
  if (values.status === NOT_CREDITED) filters.uncredited = true;
  else if (has(values.status)) {
    filters.status = values.status;
    if (withCredit) filters.uncredited = false;
  }
  if (has(values.type)) filters.type = values.type;
  for (const key of ['address', 'hash', 'orderNo', 'merchantOrderNo', 'openId'] as const) {
    const text = values[key]?.trim();
    if (text) filters[key] = text;
  }
  return filters;
}

export interface OrderFieldOptions {
  /** The choices the status filter offers (the kind's states, and "Not credited" where deposits are listed). */
  statuses: readonly StatusChoice[];
  /** The transaction list filters by type too. */
  withType: boolean;
  /** Withdrawals filter by the merchant's order number too. */
  withMerchantOrderNo: boolean;
  /** The kind's own words for its states (an exchange's), where they differ from the shared ones. */
  statusViews?: Readonly<Partial<Record<StatusChoice, { key: TranslationKey }>>>;
  /** Where the kind's orders come from, in place of the chain and token fields (an exchange's pair). */
  scopeField?: FilterField<OrderFilterValues>;
}

/** The filter of every order list: period (required), chain and token (or the kind's scope), status, type, addresses and numbers. */
export function orderFilterFields({ statuses, withType, withMerchantOrderNo, statusViews, scopeField }: OrderFieldOptions): Array<FilterField<OrderFilterValues>> {
  const scope: Array<FilterField<OrderFilterValues>> = scopeField
    ? [scopeField]
    : [
        { kind: 'chain', name: 'chainId', testId: 'filter-chain' },
        { kind: 'token', name: 'tokenId', chain: 'chainId', testId: 'filter-token' },
      ];
  const fields: Array<FilterField<OrderFilterValues> | false> = [
    { kind: 'period', name: 'period', testId: 'filter-period', problem: requiredPeriodProblem },
    ...scope,
    statusField(statuses, { ...STATUS_CHOICES, ...statusViews }),
    withType && {
      kind: 'select',
      name: 'type',
      testId: 'filter-type',
      placeholder: 'filter_all_types',
      options: (t) => [
        { value: TxType.Deposit, label: t(TX_TYPE[TxType.Deposit].key) },
        { value: TxType.Withdrawal, label: t(TX_TYPE[TxType.Withdrawal].key) },
      ],
    },
    { kind: 'text', name: 'address', testId: 'filter-address', placeholder: 'filter_any_address' },
    { kind: 'text', name: 'hash', testId: 'filter-hash', placeholder: 'filter_hash' },
    { kind: 'text', name: 'orderNo', testId: 'filter-order-no', placeholder: 'filter_order_no' },
    withMerchantOrderNo && { kind: 'text', name: 'merchantOrderNo', testId: 'filter-merchant-order-no', placeholder: 'merchant_order_no' },
    { kind: 'text', name: 'openId', testId: 'filter-openid', placeholder: 'filter_openid' },
  ];
  return fields.filter((field): field is FilterField<OrderFilterValues> => field !== false);
}

/** File name of an export: `deposits-20261116-20261122.csv` (the picked days, end included). */
export function exportFileName(prefix: string, filters: Pick<OrderFilters, 'start' | 'end'>): string {
  const first = filters.start.slice(0, 10).replace(/-/g, '');
  // `end` is the first instant after the last day: name the last day itself.
  const last = dayjs(filters.end.slice(0, 10)).subtract(1, 'day').format('YYYYMMDD');
  return `${prefix}-${first}-${last}.csv`;
}
