import type { TFunction } from 'i18next';
import type { DepositFilters, DepositRow } from '@/api/deposits';
import type { PageQuery, PageResult } from '@/api/types';
import { buildCsv, type CsvValue } from '@/utils/csv';
import { formatInZone } from '@/utils/timezone';
import { formatUtcOffset } from '@/utils/format';
import { CALLBACK_STATUS, NOTIFY_STATUS, ORDER_STATUS, TX_TYPE, noteKey, statusView, type StatusView } from './depositRules';

// CSV export of what the filter selects: every page of the current filter (at most
// EXPORT_LIMIT rows), the amounts as the exact strings the server sent.

export const EXPORT_LIMIT = 10_000;
/** The contract's largest page. */
export const EXPORT_PAGE_SIZE = 100;

export interface FetchedRows<R = DepositRow> {
  rows: R[];
  /** How many rows the filter selects on the server. */
  total: number;
  /** True when the filter selects more than EXPORT_LIMIT rows (only the first are exported). */
  truncated: boolean;
}

/** Reads the pages of `filters` one after another, up to `limit` rows (deposits or withdrawals). */
export async function fetchAllRows<R = DepositRow, F extends object = DepositFilters>(
  fetchPage: (query: PageQuery & F) => Promise<PageResult<R>>,
  filters: F,
  limit = EXPORT_LIMIT,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<FetchedRows<R>> {
  const rows: R[] = [];
  let total = 0;
  for (let page = 1; rows.length < limit; page += 1) {
    const answer = await fetchPage({ ...filters, page, pageSize } as PageQuery & F);
    const list = answer?.list ?? [];
    total = answer?.total ?? 0;
    rows.push(...list);
    if (list.length < pageSize || rows.length >= total) break;
  }
  return { rows: rows.slice(0, limit), total, truncated: total > limit };
}

/** A status as its label in the UI language (the raw value when unnamed). */
export const statusLabel = (t: TFunction, view: StatusView | null, value: unknown): string => (view ? t(view.key) : String(value ?? ''));

/** The CSV file of the rows: header in the UI language, times in the merchant's zone. */
export function depositCsv(rows: readonly DepositRow[], t: TFunction, hours: number | null, { withType }: { withType: boolean }): string {
  const zone = hours === null ? '' : ` (UTC${formatUtcOffset(hours)})`;
  const columns: Array<[string, (row: DepositRow) => CsvValue]> = [
    [t('order_no'), (row) => row.orderNo],
    [t('merchant_order_no'), (row) => row.merchantOrderNo],
    ...(withType ? [[t('tx_type'), (row: DepositRow) => statusLabel(t, statusView(TX_TYPE, row.type), row.type)] as [string, (row: DepositRow) => CsvValue]] : []),
    [t('openid'), (row) => row.openId],
    [t('user_id'), (row) => row.userId],
    [t('chain'), (row) => row.chainname],
    [t('deposit_token'), (row) => row.symbol],
    [t('tx_hash'), (row) => row.hash],
    [t('from_address'), (row) => row.fromAddress],
    [t('to_address'), (row) => row.toAddress],
    [t('quantity'), (row) => row.amount],
    [t('actual_quantity'), (row) => row.actualAmount],
    [t('status'), (row) => statusLabel(t, statusView(ORDER_STATUS, row.status), row.status)],
    [t('confirmations'), (row) => row.confirmations],
    [t('required_confirmations'), (row) => row.requiredConfirmations],
    [t('block_number'), (row) => row.blockNumber],
    [t('deposit_note'), (row) => (noteKey(row.note) ? t(noteKey(row.note)!) : row.note)],
    [t('callback_status'), (row) => statusLabel(t, statusView(CALLBACK_STATUS, row.callbackStatus), row.callbackStatus)],
    [t('callback_result'), (row) => row.callbackResult],
    [t('notify_status'), (row) => statusLabel(t, statusView(NOTIFY_STATUS, row.notifyStatus), row.notifyStatus)],
    [`${t('created_time')}${zone}`, (row) => (row.createtime ? formatInZone(row.createtime, hours) : '')],
    [`${t('confirm_time')}${zone}`, (row) => (row.confirmtime ? formatInZone(row.confirmtime, hours) : '')],
  ];
  return buildCsv(
    columns.map(([title]) => title),
    rows.map((row) => columns.map(([, value]) => value(row))),
  );
}
