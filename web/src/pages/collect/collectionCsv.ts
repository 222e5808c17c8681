import type { TFunction } from 'i18next';
import { pageCollections, type CollectionFilters, type CollectionRow } from '@/api/collection';
import { COLLECTION_STATUS, COLLECTION_TRIGGER, statusText } from '@/pages/orders/statuses';
import type { TranslationKey } from '@/locales/types';
import { formatUtcOffset } from '@/utils/format';
import { formatInZone } from '@/utils/timezone';

// The CSV of Collection transactions. The server has no export call for collections, so the
// console reads the filter's rows page by page and writes the file the way the server writes the
// order exports (docs/api.md "Order exports"): UTF-8 with a byte-order mark, CRLF, cells that a
// spreadsheet would run as a formula prefixed with ', times in the merchant's zone named in the
// title, amounts as the exact strings of the list, codes in the console's words.

/** Rows per call (the most a list page holds). */
export const EXPORT_PAGE_SIZE = 100;
/** The most rows one file holds: beyond, the user narrows the filter. */
export const EXPORT_ROW_LIMIT = 10_000;

/** Every row of `filters`, newest first, up to EXPORT_ROW_LIMIT; and how many there are in all. */
export async function readCollections(filters: CollectionFilters, read = pageCollections): Promise<{ rows: CollectionRow[]; total: number }> {
  const rows: CollectionRow[] = [];
  let total = 0;
  for (let page = 1; rows.length < EXPORT_ROW_LIMIT; page += 1) {
    const answer = await read({ ...filters, page, pageSize: EXPORT_PAGE_SIZE });
    total = answer.total;
    rows.push(...answer.list);
    if (answer.list.length < EXPORT_PAGE_SIZE || rows.length >= total) break;
  }
  return { rows: rows.slice(0, EXPORT_ROW_LIMIT), total };
}

/** One cell: quoted when it holds a comma, quote or line break; a formula-looking text gets a leading '. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file: a header of titles in the UI language, then one line per row. */
export function collectionsCsv(rows: readonly CollectionRow[], t: TFunction, timeZone: number | null): string {
  const zone = timeZone === null ? '' : `UTC${formatUtcOffset(timeZone)}`;
  const timeTitle = (key: TranslationKey) => (zone ? t('text_with_note', { text: t(key), note: zone }) : t(key));
  const time = (value: string | null) => (value ? formatInZone(value, timeZone) : '');
  const columns: Array<[string, (row: CollectionRow) => string | number | null]> = [
    [t('collection_id'), (row) => row.id],
    [timeTitle('created_time'), (row) => time(row.createdAt)],
    [t('chain'), (row) => row.chainname],
    [t('deposit_token'), (row) => row.symbol],
    [t('collection_deposit_address'), (row) => row.address],
    [t('collection_amount'), (row) => row.amount],
    [t('collection_attributed'), (row) => row.attributed],
    [t('collection_unattributed'), (row) => row.unattributed],
    [t('collection_waiting_amount'), (row) => row.waiting],
    [t('collection_fee_coin'), (row) => row.nativeSymbol],
    [t('collection_sweep_fee_quoted'), (row) => row.feeEstimated],
    [t('collection_fee_paid_all'), (row) => row.feePaid],
    [t('status'), (row) => statusText(t, COLLECTION_STATUS, row.status)],
    [t('collection_reason'), (row) => row.reason],
    [t('collection_trigger'), (row) => statusText(t, COLLECTION_TRIGGER, row.trigger)],
    [t('collection_run'), (row) => row.runId],
    [timeTitle('collection_updated'), (row) => time(row.updatedAt)],
    [timeTitle('collection_finished'), (row) => time(row.finishedAt)],
  ];
  const line = (cells: Array<string | number | null>) => `${cells.map(csvCell).join(',')}\r\n`;
  return `\ufeff${line(columns.map(([title]) => title))}${rows.map((row) => line(columns.map(([, value]) => value(row)))).join('')}`;
}

/** `collections-20261122.csv`: the merchant's day of the export. */
export function collectionsFileName(timeZone: number | null, now: Date = new Date()): string {
  const day = formatInZone(now.toISOString(), timeZone).slice(0, 10).replace(/-/g, '');
  return `collections-${day}.csv`;
}
