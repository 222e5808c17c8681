import dayjs from 'dayjs';
import type { OrderPeriod, Report, ReportDirection, ReportQuery, ReportRow, ReportTotal } from '@/api/reports';
import type { DailyTally } from '@/components/charts/dailyOption';
import type { FilterField } from '@/components/list/filterFields';
import type { MenuId } from '@/api/types';
import { requiredPeriod, requiredPeriodProblem } from '@/pages/orders/orderFilters';
import { PAGES } from '@/router/permissions';
import type { PickedRange } from '@/utils/timezone';
import type { TranslationKey } from '@/locales/types';

// Pure rules of the Data report screens: the filter (a required period of the merchant's days,
// chain, token), the query of the report and of its orders, what each direction shows, and the
// report's rows as its daily chart.

export interface ReportFilterValues {
  period?: PickedRange;
  chainId?: number;
  tokenId?: number;
}

export const REPORT_FIELDS: ReadonlyArray<FilterField<ReportFilterValues>> = [
  { kind: 'period', name: 'period', testId: 'filter-period', problem: requiredPeriodProblem },
  { kind: 'chain', name: 'chainId', testId: 'filter-chain' },
  { kind: 'token', name: 'tokenId', chain: 'chainId', testId: 'filter-token' },
];

/** What one search asks for: the report (merchant dates) and its orders (the same days as instants). */
export interface ReportFilters {
  query: ReportQuery;
  orders: OrderPeriod;
}

/** The form's values as the report's query; null while the period is refused (missing, too long). */
export function toReportFilters(values: ReportFilterValues, hours: number | null): ReportFilters | null {
  const period = requiredPeriod(values.period, hours);
  const [from, to] = values.period ?? [null, null];
  if (!period.ok || !from || !to) return null;
  const [first, last] = from.isAfter(to, 'day') ? [to, from] : [from, to];
  const ids = {
    ...(values.chainId !== undefined && values.chainId !== null ? { chainId: values.chainId } : {}),
    ...(values.tokenId !== undefined && values.tokenId !== null ? { tokenId: values.tokenId } : {}),
  };
  return {
    query: { startDate: dayjs(first).format('YYYY-MM-DD'), endDate: dayjs(last).format('YYYY-MM-DD'), ...ids },
    orders: { ...period.period, ...ids },
  };
}

export interface DirectionView {
  title: TranslationKey;
  tip: TranslationKey;
  /** The order lists whose permission allows exporting the orders behind the report. */
  orderPages: readonly MenuId[];
  /**
   * Money out also shows the network fees: the withdrawals' and what collections paid on chain
   * (docs/api.md "Home and data reports"). Deposits pay none the merchant sees: no fee column.
   */
  withFees: boolean;
  /** What a period without a row says, and what to do next. */
  empty: TranslationKey;
}

export const DIRECTIONS: Readonly<Record<ReportDirection, DirectionView>> = {
  payment: {
    title: 'report_payment_title',
    tip: 'report_payment_tip',
    orderPages: [PAGES.withdrawOrders, PAGES.withdrawCheck, PAGES.withdrawList],
    withFees: true,
    empty: 'report_payment_empty',
  },
  receipt: {
    title: 'report_receipt_title',
    tip: 'report_receipt_tip',
    orderPages: [PAGES.depositOrders, PAGES.depositList],
    withFees: false,
    empty: 'report_receipt_empty',
  },
};

export const rowKey = (row: ReportRow) => `${row.date}-${row.chainId}-${row.tokenId ?? 'native'}`;
export const totalKey = (total: ReportTotal) => `${total.chainId}-${total.tokenId ?? 'native'}`;

const DAY_MS = 86_400_000;

/** Every date from `startDate` to `endDate` (YYYY-MM-DD, both inclusive), counted in UTC so no zone's clock change skips a day. */
export function datesOf(startDate: string, endDate: string): string[] {
  const dates: string[] = [];
  const last = Date.parse(`${endDate}T00:00:00Z`);
  for (let day = Date.parse(`${startDate}T00:00:00Z`); day <= last; day += DAY_MS) dates.push(new Date(day).toISOString().slice(0, 10));
  return dates;
}

/**
 * The report's rows as its daily chart: every date of its range, oldest first (a date without a
 * row is a zero), with the day's count and its amount per asset. The rows are exact per date,
 * chain and token, so they are the chart's figures; a Payment row of collection fees alone (no
 * withdrawal) adds no bar.
 */
export function chartDays(report: Pick<Report, 'startDate' | 'endDate' | 'rows'>): DailyTally[] {
  const byDate = new Map<string, ReportRow[]>();
  for (const row of report.rows) if (row.count > 0) byDate.set(row.date, [...(byDate.get(row.date) ?? []), row]);
  return datesOf(report.startDate, report.endDate).map((date) => {
    const rows = byDate.get(date) ?? [];
    return {
      date,
      tally: {
        count: rows.reduce((sum, row) => sum + row.count, 0),
        totals: rows.map(({ chainId, tokenId, chainname, symbol, decimals, amount }) => ({ chainId, tokenId, chainname, symbol, decimals, amount })),
      },
    };
  });
}
