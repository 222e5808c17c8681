import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OrderFilters, OrderRowBase } from '@/api/orders';
import type { PageQuery, PageResult } from '@/api/types';
import { buildCsv, downloadText, type CsvValue } from '@/utils/csv';
import { toast } from '@/utils/feedback';
import { formatUtcOffset } from '@/utils/format';
import { formatInZone } from '@/utils/timezone';
import type { TranslationKey } from '@/locales/types';
import { exportFileName } from './orderFilters';
import type { OrderDetailOf, OrderSource } from './orderKind';
import { CALLBACK_STATUS, NOTIFY_STATUS, ORDER_STATUS, statusText } from './statuses';

// CSV export of what an order filter selects: every page of the current filter (at most
// EXPORT_LIMIT rows), the amounts as the exact strings the server sent.

export const EXPORT_LIMIT = 10_000;
/** The contract's largest page. */
export const EXPORT_PAGE_SIZE = 100;

export interface FetchedRows<R> {
  rows: R[];
  /** How many rows the filter selects on the server. */
  total: number;
  /** True when the filter selects more than EXPORT_LIMIT rows (only the first are exported). */
  truncated: boolean;
}

/** Reads the pages of `filters` one after another, up to `limit` rows. */
export async function fetchAllRows<R, F extends object = OrderFilters>(
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

export type CsvColumn<R> = [title: string, value: (row: R) => CsvValue];

/** The CSV file of the rows under the columns' titles. */
export const toCsv = <R>(columns: ReadonlyArray<CsvColumn<R>>, rows: readonly R[]): string =>
  buildCsv(
    columns.map(([title]) => title),
    rows.map((row) => columns.map(([, value]) => value(row))),
  );

/** The CSV columns every order kind exports, by name; header in the UI language, times in the merchant's zone. */
export function orderCsvColumns<R extends OrderRowBase>(t: TFunction, hours: number | null) {
  const time = (value: string | null) => (value ? formatInZone(value, hours) : '');
  // "Created (UTC+8)", "创建时间（UTC+8）"
  const zoned = (title: string) => (hours === null ? title : t('text_with_note', { text: title, note: t('utc_offset', { offset: formatUtcOffset(hours) }) }));
  const column = (title: string, value: (row: R) => CsvValue): CsvColumn<R> => [title, value];
  return {
    /** A time column: the title says the zone. */
    time: (titleKey: TranslationKey, value: (row: R) => string | null) => column(zoned(t(titleKey)), (row) => time(value(row))),
    orderNo: column(t('order_no'), (row) => row.orderNo),
    merchantOrderNo: column(t('merchant_order_no'), (row) => row.merchantOrderNo),
    openId: column(t('openid'), (row) => row.openId),
    chain: column(t('chain'), (row) => row.chainname),
    token: column(t('deposit_token'), (row) => row.symbol),
    hash: column(t('tx_hash'), (row) => row.hash),
    from: column(t('from_address'), (row) => row.fromAddress),
    to: column(t('to_address'), (row) => row.toAddress),
    actualAmount: column(t('actual_quantity'), (row) => row.actualAmount),
    status: column(t('status'), (row) => statusText(t, ORDER_STATUS, row.status)),
    callbackStatus: column(t('callback_status'), (row) => statusText(t, CALLBACK_STATUS, row.callbackStatus)),
    callbackResult: column(t('callback_result'), (row) => row.callbackResult),
    notifyStatus: column(t('notify_status'), (row) => statusText(t, NOTIFY_STATUS, row.notifyStatus)),
  };
}

/** The Export button of an order screen: every page of the filter, toasts how it went. */
export function useOrderExport<R extends OrderRowBase, D extends OrderDetailOf<R>>(source: OrderSource<R, D>, filters: OrderFilters, timeZone: number | null) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const fetched = await fetchAllRows(source.page, filters);
      if (fetched.rows.length === 0) {
        toast.info(t('export_empty'));
        return;
      }
      const content = source.kind.csv(fetched.rows, t, timeZone, { withType: !!source.withType });
      downloadText(exportFileName(source.csvPrefix, filters), content);
      if (fetched.truncated) toast.warning(t('export_truncated', { limit: EXPORT_LIMIT, total: fetched.total }));
      else toast.success(t('exported_rows', { count: fetched.rows.length }));
    } catch {
      // the request layer told the user
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
