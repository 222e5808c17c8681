import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OrderFilters, OrderRowBase } from '@/api/orders';
import { saveBlob } from '@/api/download';
import { exportOrders, type ExportPath } from '@/api/exports';
import { buildCsv, type CsvValue } from '@/utils/csv';
import { toast } from '@/utils/feedback';
import { formatUtcOffset } from '@/utils/format';
import { formatInZone } from '@/utils/timezone';
import type { TranslationKey } from '@/locales/types';
import { exportFileName } from './orderFilters';
import { CALLBACK_STATUS, NOTIFY_STATUS, ORDER_STATUS, statusText } from './statuses';

// The CSV columns of each order kind (the detail of what the server's export writes is in
// docs/api.md "Order exports"), and the Export button: the server streams every row of the filter.

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

/** The Export button of an order screen: the server's file of every row of the filter, saved as named. */
export function useOrderExport(source: { exportPath: ExportPath; csvPrefix: string }, filters: OrderFilters & { type?: number }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await exportOrders(source.exportPath, filters, exportFileName(source.csvPrefix, filters));
      if (file.rows === 0) {
        toast.info(t('export_empty'));
        return;
      }
      saveBlob(file.fileName, file.blob);
      toast.success(t('exported_rows', { count: file.rows }));
    } catch {
      // the request layer told the user
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
